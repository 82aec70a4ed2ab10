/**
 * The names on one changed line that a docs reader could meet: definitions (functions, classes,
 * exported constants, fields and parameters) in the syntax of the line's language family, and the
 * user-facing strings of any code (CLI flags, environment variables, HTTP routes, configuration keys).
 * Line-based on purpose: a patch holds fragments, which no parser takes.
 */
import { type Family } from './languages.js';
import { type NameKind } from './types.js';

export interface NameHit {
  readonly name: string;
  readonly kind: NameKind;
}

interface Rule {
  readonly pattern: RegExp;
  readonly kind: NameKind;
  /** Turns the captured name into the name a reader sees (`--` before a flag's bare name). */
  readonly shape?: (captured: string) => string;
}

const IDENT = String.raw`[A-Za-z_$][\w$]*`;
const ENV_NAME = String.raw`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][A-Z0-9]{2,}`;
const flag = (name: string): string => `--${name}`;

const PYTHON: readonly Rule[] = [
  { pattern: /^\s*(?:async\s+)?def\s+([A-Za-z]\w*)\s*\(/, kind: 'function' },
  { pattern: /^\s*class\s+([A-Za-z]\w*)/, kind: 'class' },
  { pattern: /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*(?::[^=]*)?=/, kind: 'constant' },
  { pattern: /^\s+([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s*:\s*(?:Optional\[|list\[|dict\[|[A-Za-z_][\w.[\], |"']*)\s*(?:=.*)?$/, kind: 'field' },
];

const SCRIPT: readonly Rule[] = [
  { pattern: new RegExp(String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(${IDENT})`), kind: 'function' },
  { pattern: new RegExp(String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(${IDENT})`), kind: 'class' },
  { pattern: new RegExp(String.raw`^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type|enum)\s+(${IDENT})`), kind: 'class' },
  {
    pattern: new RegExp(String.raw`^\s*export\s+(?:const|let|var)\s+(${IDENT})\s*(?::[^=]+)?=\s*(?:async\s+)?(?:\([^)]*\)|${IDENT})\s*=>`),
    kind: 'function',
  },
  { pattern: /^\s*export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)/, kind: 'constant' },
  {
    pattern: new RegExp(
      String.raw`^\s+(?:(?:public|private|protected|static|async|override|readonly|get|set)\s+)*(${IDENT})\s*(?:<[^>]*>)?\s*\([^)]*\)\s*(?::\s*[^{=]+)?\{\s*$`,
    ),
    kind: 'function',
  },
  // After the colon, any characters but `=` and `(`: `\s*[^=(]+[;,]?\s*$` says the same with three runs that split spaces every way.
  { pattern: new RegExp(String.raw`^\s+(?:readonly\s+)?(${IDENT})\??\s*:[^=(]+$`), kind: 'field' },
];

const GO: readonly Rule[] = [
  { pattern: /^func\s+(?:\([^)]*\)\s*)?([A-Za-z]\w*)/, kind: 'function' },
  { pattern: /^type\s+([A-Za-z]\w*)/, kind: 'class' },
  { pattern: /^\s*(?:const\s+|var\s+)?([A-Z]\w*)\s*(?:\s[\w.*[\]]+\s*)?=/, kind: 'constant' },
  { pattern: /`[^`]*\b(?:json|yaml|toml|mapstructure|koanf):"([A-Za-z_][\w-]*)/, kind: 'config-key' },
  { pattern: /`[^`]*\benv:"([A-Z][A-Z0-9_]*)/, kind: 'env-var' },
  {
    pattern:
      /\.(?:Bool|String|Int|Int64|Uint|Float64|Duration|StringSlice|StringArray|Count)(?:Var)?P?\(\s*(?:&[\w.]+,\s*)?"([a-z][a-z0-9-]*)"/,
    kind: 'cli-flag',
    shape: flag,
  },
];

const RUST: readonly Rule[] = [
  {
    pattern: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"C"\s+)?fn\s+([A-Za-z]\w*)/,
    kind: 'function',
  },
  { pattern: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|trait|type|union)\s+([A-Za-z]\w*)/, kind: 'class' },
  { pattern: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const|static)\s+([A-Z][A-Z0-9_]*)\s*:/, kind: 'constant' },
  { pattern: /^\s+pub(?:\([^)]*\))?\s+([a-z]\w*)\s*:/, kind: 'field' },
  { pattern: /#\[serde\([^)]*rename\s*=\s*"([^"]+)"/, kind: 'config-key' },
  { pattern: /\blong\s*=\s*"([a-z][a-z0-9-]*)"|\.long\("([a-z][a-z0-9-]*)"\)/, kind: 'cli-flag', shape: flag },
];

const RUBY: readonly Rule[] = [
  { pattern: /^\s*def\s+(?:self\.)?([a-z_]\w*[?!]?)/, kind: 'function' },
  { pattern: /^\s*(?:class|module)\s+([A-Z]\w*)/, kind: 'class' },
  { pattern: /^\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*=/, kind: 'constant' },
  { pattern: /^\s*preference\s+:(\w+)/, kind: 'config-key' },
];

const JVM: readonly Rule[] = [
  {
    pattern:
      /^\s*(?:(?:public|protected|internal|abstract|final|sealed|data|open|static)\s+)*(?:class|interface|enum|record|object)\s+([A-Z]\w*)/,
    kind: 'class',
  },
  {
    pattern:
      /^\s*(?:(?:public|protected|static|final|abstract|synchronized|override|suspend)\s+)+(?:fun\s+)?(?:<[^>]+>\s+)?(?:[\w.<>[\],?]+\s+)?([a-z]\w*)\s*\(/,
    kind: 'function',
  },
  { pattern: /^\s*fun\s+(?:<[^>]+>\s+)?(?:[\w.]+\.)?([a-z]\w*)\s*\(/, kind: 'function' },
  { pattern: /^\s*(?:public\s+)?static\s+final\s+\w+\s+([A-Z][A-Z0-9_]*)\s*=/, kind: 'constant' },
];

const CSHARP: readonly Rule[] = [
  {
    pattern: /^\s*(?:(?:public|internal|protected|abstract|sealed|static|partial)\s+)+(?:class|interface|enum|record|struct)\s+([A-Z]\w*)/,
    kind: 'class',
  },
  { pattern: /^\s*(?:(?:public|protected|internal|static|async|virtual|override)\s+)+[\w.<>[\],?]+\s+([A-Z]\w*)\s*\(/, kind: 'function' },
  { pattern: /^\s*(?:public\s+)[\w.<>[\],?]+\s+([A-Z]\w*)\s*\{\s*get;/, kind: 'field' },
];

const PHP: readonly Rule[] = [
  { pattern: /^\s*(?:(?:public|protected|private|static|abstract|final)\s+)*function\s+([A-Za-z_]\w*)/, kind: 'function' },
  { pattern: /^\s*(?:abstract\s+|final\s+)?(?:class|interface|trait|enum)\s+([A-Z]\w*)/, kind: 'class' },
];

const C: readonly Rule[] = [
  { pattern: /^#define\s+([A-Z][A-Z0-9_]+)/, kind: 'constant' },
  { pattern: /^(?:static\s+|inline\s+|extern\s+)*[A-Za-z_][\w\s*]*?\b([A-Za-z_]\w*)\s*\([^;]*$/, kind: 'function' },
];

const SHELL: readonly Rule[] = [
  { pattern: /^\s*(?:ENV|ARG)\s+([A-Z][A-Z0-9_]*)/, kind: 'env-var' },
  { pattern: /^\s*export\s+([A-Z][A-Z0-9_]*)=/, kind: 'env-var' },
];

const CONFIG: readonly Rule[] = [
  { pattern: /^\s*(?:-\s+)?([A-Za-z_][\w.-]*)\s*:(?:\s|$)/, kind: 'config-key' },
  { pattern: /^\s*([A-Za-z_][\w.-]*)\s*=/, kind: 'config-key' },
  { pattern: /^\s*"([A-Za-z_][\w.-]*)"\s*:/, kind: 'config-key' },
];

const ENV_FILE: readonly Rule[] = [{ pattern: /^\s*(?:export\s+)?#?\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*=/, kind: 'env-var' }];

const BY_FAMILY: Readonly<Record<Family, readonly Rule[]>> = {
  python: PYTHON,
  script: SCRIPT,
  go: GO,
  rust: RUST,
  ruby: RUBY,
  jvm: JVM,
  csharp: CSHARP,
  php: PHP,
  c: C,
  shell: SHELL,
  config: CONFIG,
  env: ENV_FILE,
};

/** The calls that read an environment variable by name, across languages. */
const ENV_READERS = [
  'getenv',
  'Getenv',
  'LookupEnv',
  String.raw`environ\.(?:get|setdefault|pop)`,
  'environ',
  'env::var(?:_os)?',
  String.raw`System\.getenv`,
  String.raw`ENV\.fetch`,
  'ENV',
  'GetEnvironmentVariable',
  String.raw`process\.env`,
  String.raw`Deno\.env\.get`,
  'env',
].join('|');

/** The calls that declare a route, across frameworks (Express, FastAPI, Flask, gin, chi, echo, axum, net/http, Hono). */
const ROUTE_CALLS = [
  'get|post|put|patch|delete|head|options|all|route|api_route|websocket|add_api_route|add_url_rule',
  'Get|Post|Put|Patch|Delete|Head|Options|GET|POST|PUT|PATCH|DELETE|HEAD|HandleFunc|Handle|Any|Route',
].join('|');

const ROUTE_PATH = String.raw`(?:(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) )?\/[\w\-./{}:<>*]*`;

/** What any code may say to its users, whatever its language. */
const ANY_CODE: readonly Rule[] = [
  { pattern: /(?:process\.env|import\.meta\.env|Bun\.env)\.([A-Z][A-Z0-9_]*)/g, kind: 'env-var' },
  { pattern: new RegExp(String.raw`(?:${ENV_READERS})\s*[([]\s*["'](${ENV_NAME})["']`, 'g'), kind: 'env-var' },
  { pattern: /["'`](--[a-z0-9][a-z0-9-]*[a-z0-9])(?:=[^"'`]*)?["'`]/g, kind: 'cli-flag' },
  // A key read from a configuration mapping: `config.get("vector_store")`, `settings["max_tokens"]`.
  { pattern: /(?:\.get\(\s*|\[\s*)["']([a-z][a-z0-9]*(?:_[a-z0-9]+)+)["']/g, kind: 'config-key' },
  {
    pattern: new RegExp(String.raw`\.(?:${ROUTE_CALLS})\(\s*(?:[\w.]+\s*,\s*)?["'\x60](${ROUTE_PATH})["'\x60]`, 'g'),
    kind: 'http-route',
  },
  {
    pattern: new RegExp(String.raw`@(?:Get|Post|Put|Delete|Patch|Request)Mapping\(\s*(?:(?:value|path)\s*=\s*)?["'](\/[^"']*)["']`, 'g'),
    kind: 'http-route',
  },
  { pattern: new RegExp(String.raw`^\s*(?:get|post|put|patch|delete|match)\s+["'](\/[\w\-./:*]*)["']`, 'g'), kind: 'http-route' },
];

const KEYWORDS = new Set(
  (
    'if else elif for while switch case catch return function new await async yield import export from class def self this super ' +
    'constructor init main test setup teardown true false null none nil undefined void let const var static public private protected ' +
    'get set type interface enum struct impl fn func pub mod use crate where match loop break continue do try except finally with as ' +
    'lambda pass raise throw throws extends implements package module begin end then unless require include ' +
    'string number boolean object any int float bool str dict list tuple option result error err ok'
  ).split(' '),
);

const ROUTE_METHOD = /^(?:get|post|put|patch|delete|head|options)$/i;

/** Whether a definition's name is one a reader could meet: not private, not a keyword, not a letter. */
export function isPublicName(name: string): boolean {
  return name.length >= 3 && !name.startsWith('_') && !name.startsWith('$') && !KEYWORDS.has(name.toLowerCase());
}

function shapeRoute(match: RegExpExecArray, route: string): string {
  if (/^[A-Z]+ \//.test(route)) return route;
  const call = /\.(\w+)\(\s*(?:[\w.]+\s*,\s*)?["'`]/.exec(match[0]);
  const method = call?.[1];
  return method !== undefined && ROUTE_METHOD.test(method) ? `${method.toUpperCase()} ${route}` : route;
}

function hitsOf(rule: Rule, line: string): NameHit[] {
  const hits: NameHit[] = [];
  const pattern = rule.pattern.global ? rule.pattern : new RegExp(rule.pattern.source, `${rule.pattern.flags}g`);
  pattern.lastIndex = 0;
  for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
    const captured = match.slice(1).find((group) => group !== undefined);
    if (captured !== undefined) {
      const name = rule.kind === 'http-route' ? shapeRoute(match, captured) : (rule.shape?.(captured) ?? captured);
      hits.push({ name, kind: rule.kind });
    }
    if (match[0] === '') pattern.lastIndex++;
    if (!rule.pattern.global) break;
  }
  return hits;
}

/** The parameters of a definition line (`def f(a, b: int = 1)`), as fields: what a caller writes. */
function parametersOf(line: string, family: Family): NameHit[] {
  if (family !== 'python' && family !== 'script') return [];
  const definition = family === 'python' ? /^\s*(?:async\s+)?def\s+\w+\s*\((.*)/.exec(line) : null;
  const inside = definition?.[1];
  if (inside === undefined) return [];
  return inside
    .split(',')
    .map((part) => /^\s*\*{0,2}([a-z][a-z0-9_]*)/.exec(part)?.[1])
    .filter((name): name is string => name !== undefined && name !== 'self' && name !== 'cls' && name.includes('_'))
    .map((name) => ({ name, kind: 'field' as const }));
}

function keepHit(hit: NameHit): boolean {
  if (hit.kind === 'http-route') return hit.name.replace(/^[A-Z]+ /, '').length > 1;
  if (hit.kind === 'cli-flag' || hit.kind === 'env-var') return hit.name.length >= 4;
  if (hit.kind === 'config-key') return hit.name.length >= 3 && !KEYWORDS.has(hit.name.toLowerCase());
  return isPublicName(hit.name);
}

/**
 * A longer line (minified or generated code, a data blob) defines nothing a reader meets, and some
 * patterns above would take time that grows with the square of a line's length.
 */
export const MAX_LINE_CHARS = 1000;

/** The names on `line` of a file in `family`, each once, with the kind of the first rule that found it. */
export function namesOnLine(line: string, family: Family): NameHit[] {
  if (line.length > MAX_LINE_CHARS) return [];
  const rules = family === 'config' || family === 'env' ? BY_FAMILY[family] : [...BY_FAMILY[family], ...ANY_CODE];
  const hits = [...rules.flatMap((rule) => hitsOf(rule, line)), ...parametersOf(line, family)];
  const seen = new Set<string>();
  return hits.filter((hit) => {
    if (seen.has(hit.name) || !keepHit(hit)) return false;
    seen.add(hit.name);
    return true;
  });
}
