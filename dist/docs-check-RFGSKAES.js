import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  DOCS_CHECK_MARKER,
  InputError,
  MAX_PATH_CHARS,
  adviseOnGitHubFailure,
  askFor,
  checkRecordLine,
  counted,
  debug,
  describeCommentFailure,
  encodePath,
  escapeCode,
  escapeText,
  filterKeepsFile,
  findMarkedComment,
  githubCommentsApi,
  group,
  info,
  isRecord,
  linkTarget,
  markdownLink,
  messageOf,
  notice,
  pullFilePages,
  setOutput,
  summary,
  truncate,
  truncatePath,
  warning,
  writeMarkedComment
} from "./chunk-VIWA7NUE.js";
import "./chunk-NV5WPINZ.js";

// src/comment/docs-check-comment.ts
var STEPS = {
  find: "list the comments",
  identify: "check who wrote the docs check comment",
  update: "update the docs check comment",
  create: "create the docs check comment"
};
async function writeDocsCheckComment(write) {
  const { api } = write;
  let step = STEPS.find;
  let own;
  try {
    own = await findMarkedComment(api, write.marker, () => {
      step = STEPS.identify;
      return api.viewerLogin();
    });
  } catch (error) {
    return { ok: false, step, error };
  }
  const body = write.named ?? (own === void 0 ? void 0 : write.cleared);
  if (body === void 0) return { ok: true, written: "none" };
  if (own !== void 0 && own.body === body) return { ok: true, comment: own, written: "unchanged" };
  const written = await writeMarkedComment({ api, marker: void 0, known: own, body, steps: STEPS });
  if (!written.ok) return written;
  return { ok: true, comment: written.comment, written: written.created ? "created" : "updated" };
}

// src/docs-check/scan.ts
var TAB = 9;
var NEWLINE = 10;
var SPACE = 32;
var QUOTE = 34;
var DOLLAR = 36;
var APOSTROPHE = 39;
var DASH = 45;
var ZERO = 48;
var NINE = 57;
var LESS = 60;
var GREATER = 62;
var UPPER_A = 65;
var UPPER_Z = 90;
var UNDERSCORE = 95;
var BACKTICK = 96;
var LOWER_A = 97;
var LOWER_Z = 122;
var TILDE = 126;
var isLetter = (code) => code >= LOWER_A && code <= LOWER_Z || code >= UPPER_A && code <= UPPER_Z;
var isDigit = (code) => code >= ZERO && code <= NINE;
var isWord = (code) => isLetter(code) || isDigit(code) || code === UNDERSCORE;
var lastHash = 0;
function tokenEnd(text2, from, start) {
  let hash = 2166136261;
  for (let at2 = from; at2 < start; at2++) hash = Math.imul(hash ^ text2.charCodeAt(at2), 16777619);
  let at = start;
  for (; ; ) {
    const code = text2.charCodeAt(at);
    if (isWord(code) || code === DOLLAR) {
      hash = Math.imul(hash ^ code, 16777619);
      at++;
    } else if (code === DASH && isWord(text2.charCodeAt(at + 1))) {
      hash = Math.imul(Math.imul(hash ^ code, 16777619) ^ text2.charCodeAt(at + 1), 16777619);
      at += 2;
    } else {
      lastHash = hash >>> 0;
      return at;
    }
  }
}
function tokenHash(token) {
  let hash = 2166136261;
  for (let at = 0; at < token.length; at++) hash = Math.imul(hash ^ token.charCodeAt(at), 16777619);
  return hash >>> 0;
}
function fenceAt(text2, lineStart) {
  let at = lineStart;
  while (text2.charCodeAt(at) === SPACE || text2.charCodeAt(at) === TAB) at++;
  const char = text2.charCodeAt(at);
  if (char !== BACKTICK && char !== TILDE) return 0;
  let length = 0;
  while (text2.charCodeAt(at + length) === char) length++;
  return length >= 3 ? char * 1e3 + length : 0;
}
var lineEnd = (text2, from) => {
  const end = text2.indexOf("\n", from);
  return end < 0 ? text2.length : end;
};
function scanSpans(text2, emit) {
  let fence = 0;
  let inline = false;
  let inTag = false;
  let quote = 0;
  let lineStart = true;
  for (let at = 0; at < text2.length; ) {
    if (lineStart) {
      lineStart = false;
      inline = false;
      const found = fenceAt(text2, at);
      if (found !== 0 && (fence === 0 || Math.floor(found / 1e3) === Math.floor(fence / 1e3) && found % 1e3 >= fence % 1e3)) {
        fence = fence === 0 ? found : 0;
        at = lineEnd(text2, at);
        continue;
      }
    }
    const code = text2.charCodeAt(at);
    if (code === NEWLINE) {
      lineStart = true;
      at++;
    } else if (isLetter(code) || code === UNDERSCORE) {
      const end = tokenEnd(text2, at, at + 1);
      emit(at, end, lastHash, fence !== 0 || inline || quote !== 0);
      at = end;
    } else if (code === DASH && !isWord(text2.charCodeAt(at - 1)) && text2.charCodeAt(at - 1) !== DASH) {
      const second = text2.charCodeAt(at + 1) === DASH ? at + 2 : at + 1;
      if (isLetter(text2.charCodeAt(second)) || isDigit(text2.charCodeAt(second))) {
        const end = tokenEnd(text2, at, second + 1);
        emit(at, end, lastHash, fence !== 0 || inline || quote !== 0);
        at = end;
      } else at = second;
    } else {
      if (fence === 0) {
        if (code === BACKTICK) inline = !inline;
        else if (code === LESS && isLetter(text2.charCodeAt(at + 1)) && text2.charCodeAt(at + 1) <= UPPER_Z) inTag = true;
        else if (code === GREATER && quote === 0) inTag = false;
        else if (inTag && (code === QUOTE || code === APOSTROPHE) && (quote === 0 || quote === code)) quote = quote === 0 ? code : 0;
      }
      at++;
    }
  }
}
function scanTokens(text2, emit) {
  scanSpans(text2, (start, end, _hash, inCode) => emit(text2.slice(start, end), inCode));
}
var TokenTable = class {
  tokens = [];
  slots = new Int32Array(1 << 16).fill(-1);
  hashes = [];
  get size() {
    return this.tokens.length;
  }
  /** The token's number, `onNew` called with it when it is new. */
  idOf(text2, start, end, hash, onNew) {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = slot + 1 & mask) {
      const id2 = this.slots[slot] ?? -1;
      if (id2 < 0) break;
      const known = this.tokens[id2] ?? "";
      if (this.hashes[id2] === hash && known.length === end - start && text2.startsWith(known, start)) return id2;
    }
    const id = this.tokens.length;
    const token = text2.slice(start, end);
    this.tokens.push(token);
    this.hashes.push(hash);
    if (this.tokens.length * 2 > this.slots.length) this.grow();
    else this.place(id);
    onNew(token);
    return id;
  }
  /** The number of a known token, or undefined. */
  find(token) {
    const hash = tokenHash(token);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = slot + 1 & mask) {
      const id = this.slots[slot] ?? -1;
      if (id < 0) return void 0;
      if (this.tokens[id] === token) return id;
    }
  }
  place(id) {
    const mask = this.slots.length - 1;
    let slot = (this.hashes[id] ?? 0) & mask;
    while ((this.slots[slot] ?? -1) >= 0) slot = slot + 1 & mask;
    this.slots[slot] = id;
  }
  grow() {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    for (let id = 0; id < this.tokens.length; id++) this.place(id);
  }
};

// src/docs-check/tokens.ts
var STOPWORDS = new Set(
  "a an and are as at be by can do does for from has have how i if in into is it its may more must no not of on or our out so such than that the their then there these they this to too us use used uses using was we were what when where which while who will with you your yours all any also each every here just like make makes need needs new now one only other same see should some very via want way would about after before but both could did get gets got had him his her its let mdx md http https www com org io html div span class classname style src href img alt true false null none nil undefined const let var return import export default function def self this string number boolean example examples note tip warning info card cards tab tabs step steps accordion codegroup param field response type".split(" ")
);
function stem(word) {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|us|is)$/.test(word)) return word;
  if (word.length > 3 && word.endsWith("s")) return word.slice(0, -1);
  return word;
}
function nameParts(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 ").split(/[^A-Za-z]+/).filter((part) => part !== "");
}
function tokenWords(token) {
  const parts = nameParts(token);
  const out = [];
  for (const part of parts) {
    const lower = part.toLowerCase();
    if (lower.length >= 2 && !STOPWORDS.has(lower)) out.push(stem(lower));
  }
  if (parts.length > 1) out.push(token.toLowerCase());
  return out;
}
function words(text2) {
  const out = [];
  scanTokens(text2, (token) => {
    for (const word of tokenWords(token)) out.push(word);
  });
  return out;
}
var GENERIC_SEGMENTS = new Set(
  "src lib libs app apps packages package pkg internal cmd core common shared utils util helpers helper index main init mod base impl components component server client services service modules module source sources python js ts go rs py tsx jsx types type interfaces models model handlers handler api v1 v2 v3 default defaults".split(" ")
);
function pathWords(path) {
  const segments = path.replace(/\.[A-Za-z0-9]+$/, "").split("/");
  const found = /* @__PURE__ */ new Set();
  for (const segment of segments) {
    if (GENERIC_SEGMENTS.has(segment.toLowerCase())) continue;
    for (const part of nameParts(segment)) {
      const word = stem(part.toLowerCase());
      if (word.length >= 3 && !GENERIC_SEGMENTS.has(word)) found.add(word);
    }
  }
  return [...found];
}
function isCodeShaped(name) {
  return /^--?\w|^\/|^[A-Z]+ \/|[A-Za-z0-9][_.-][A-Za-z0-9]|[a-z][A-Z]|[A-Za-z][0-9]/.test(name);
}

// src/docs-check/docs-index.ts
var TITLE_WEIGHT = 3;
var PATH_WEIGHT = 3;
var ENV_SHAPED = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
var NOTHING = new Int32Array(0);
function group2(keys, entries, keyCount, values) {
  const start = new Int32Array(keyCount + 1);
  for (const key2 of keys) start[key2 + 1] = (start[key2 + 1] ?? 0) + 1;
  for (let key2 = 0; key2 < keyCount; key2++) start[key2 + 1] = (start[key2 + 1] ?? 0) + (start[key2] ?? 0);
  const next = start.slice(0, keyCount);
  const sorted = new Int32Array(keys.length);
  const carried = new Float32Array(values === void 0 ? 0 : keys.length);
  keys.forEach((key2, i) => {
    const at = next[key2] ?? 0;
    next[key2] = at + 1;
    sorted[at] = entries[i] ?? 0;
    if (values !== void 0) carried[at] = values[i] ?? 0;
  });
  return { postings: { start, entries: sorted }, values: carried };
}
var IndexBuilder = class {
  tokenTable = new TokenTable();
  wordIds = /* @__PURE__ */ new Map();
  tokenWordIds = [];
  frequency = [];
  touched = [];
  seenIn = [];
  codeIn = [];
  docTokens = [];
  wordKeys = [];
  wordDocs = [];
  wordValues = [];
  tokenKeys = [];
  tokenEntries = [];
  wordId(word) {
    let id = this.wordIds.get(word);
    if (id === void 0) {
      id = this.wordIds.size;
      this.wordIds.set(word, id);
      this.frequency.push(0);
    }
    return id;
  }
  onNewToken = (token) => {
    this.tokenWordIds.push(tokenWords(token).map((word) => this.wordId(word)));
    this.seenIn.push(-1);
    this.codeIn.push(false);
  };
  /** Adds a text's tokens (when `doc` ≥ 0) and its words with `weight`; returns its word count. */
  add(doc, text2, weight, inCodeAlways = false) {
    let count = 0;
    scanSpans(text2, (start, end, hash, inCode) => {
      const id = this.tokenTable.idOf(text2, start, end, hash, this.onNewToken);
      for (const word of this.tokenWordIds[id] ?? []) {
        if (this.frequency[word] === 0) this.touched.push(word);
        this.frequency[word] = (this.frequency[word] ?? 0) + weight;
        count++;
      }
      if (doc < 0) return;
      if (this.seenIn[id] !== doc) {
        this.seenIn[id] = doc;
        this.codeIn[id] = false;
        this.docTokens.push(id);
      }
      if (inCode || inCodeAlways) this.codeIn[id] = true;
    });
    return count;
  }
  /** Moves the document's words and tokens into the postings. */
  finish(doc) {
    for (const word of this.touched) {
      this.wordKeys.push(word);
      this.wordDocs.push(doc);
      this.wordValues.push(this.frequency[word] ?? 0);
      this.frequency[word] = 0;
    }
    this.touched.length = 0;
    for (const id of this.docTokens) {
      this.tokenKeys.push(id);
      this.tokenEntries.push(doc * 2 + (this.codeIn[id] === true ? 1 : 0));
    }
    this.docTokens.length = 0;
  }
};
function nameWordsOf(documents) {
  const nameWords = documents.map((document) => new Set(document.name.split("/").flatMap(pathWords)));
  const nameWordCounts = /* @__PURE__ */ new Map();
  for (const set of nameWords) for (const word of set) nameWordCounts.set(word, (nameWordCounts.get(word) ?? 0) + 1);
  return { nameWords, nameWordCounts };
}
function buildIndex(site) {
  const builder = new IndexBuilder();
  const lengths = new Float64Array(site.documents.length);
  site.documents.forEach((document, doc) => {
    lengths[doc] = builder.add(doc, document.text, 1);
    builder.add(doc, `${document.title}
${document.description}`, TITLE_WEIGHT);
    builder.add(-1, document.name.replace(/[/_.-]+/g, " "), PATH_WEIGHT);
    for (const route of document.routes) builder.add(doc, route.path, 0, true);
    builder.finish(doc);
  });
  const words2 = group2(builder.wordKeys, builder.wordDocs, builder.wordIds.size, builder.wordValues);
  const tokens = group2(builder.tokenKeys, builder.tokenEntries, builder.tokenTable.size);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return {
    documents: site.documents,
    names: site.documents.map((document) => document.name),
    wordIds: builder.wordIds,
    words: words2.postings,
    frequencies: words2.values,
    lengths,
    averageLength: site.documents.length === 0 ? 0 : total / site.documents.length,
    tokenTable: builder.tokenTable,
    tokens: tokens.postings,
    envTokens: builder.tokenTable.tokens.filter((token) => ENV_SHAPED.test(token)).sort(),
    ...nameWordsOf(site.documents)
  };
}
function documentsWith(index, token) {
  const id = index.tokenTable.find(token);
  if (id === void 0) return NOTHING;
  return index.tokens.entries.subarray(index.tokens.start[id] ?? 0, index.tokens.start[id + 1] ?? 0);
}
function bm25(index, query) {
  const scores = new Float64Array(index.documents.length);
  const n = index.documents.length;
  const k1 = 1.2;
  const b = 0.75;
  const average = index.averageLength || 1;
  for (const [word, weight] of query) {
    const id = index.wordIds.get(word);
    if (id === void 0) continue;
    const from = index.words.start[id] ?? 0;
    const to = index.words.start[id + 1] ?? 0;
    const idf = Math.log(1 + (n - (to - from) + 0.5) / (to - from + 0.5));
    for (let at = from; at < to; at++) {
      const doc = index.words.entries[at] ?? 0;
      const tf = index.frequencies[at] ?? 0;
      const norm = tf + k1 * (1 - b + b * (index.lengths[doc] ?? 0) / average);
      scores[doc] = (scores[doc] ?? 0) + weight * idf * (tf * (k1 + 1)) / norm;
    }
  }
  return scores;
}

// src/docs-check/identifiers.ts
var IDENT = String.raw`[A-Za-z_$][\w$]*`;
var ENV_NAME = String.raw`[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][A-Z0-9]{2,}`;
var flag = (name) => `--${name}`;
var PYTHON = [
  { pattern: /^\s*(?:async\s+)?def\s+([A-Za-z]\w*)\s*\(/, kind: "function" },
  { pattern: /^\s*class\s+([A-Za-z]\w*)/, kind: "class" },
  { pattern: /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*(?::[^=]*)?=/, kind: "constant" },
  { pattern: /^\s+([a-z][a-z0-9]*(?:_[a-z0-9]+)*)\s*:\s*(?:Optional\[|list\[|dict\[|[A-Za-z_][\w.[\], |"']*)\s*(?:=.*)?$/, kind: "field" }
];
var SCRIPT = [
  { pattern: new RegExp(String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*(${IDENT})`), kind: "function" },
  { pattern: new RegExp(String.raw`^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+(${IDENT})`), kind: "class" },
  { pattern: new RegExp(String.raw`^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type|enum)\s+(${IDENT})`), kind: "class" },
  {
    pattern: new RegExp(String.raw`^\s*export\s+(?:const|let|var)\s+(${IDENT})\s*(?::[^=]+)?=\s*(?:async\s+)?(?:\([^)]*\)|${IDENT})\s*=>`),
    kind: "function"
  },
  { pattern: /^\s*export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)/, kind: "constant" },
  {
    pattern: new RegExp(
      String.raw`^\s+(?:(?:public|private|protected|static|async|override|readonly|get|set)\s+)*(${IDENT})\s*(?:<[^>]*>)?\s*\([^)]*\)\s*(?::\s*[^{=]+)?\{\s*$`
    ),
    kind: "function"
  },
  // After the colon, any characters but `=` and `(`: `\s*[^=(]+[;,]?\s*$` says the same with three runs that split spaces every way.
  { pattern: new RegExp(String.raw`^\s+(?:readonly\s+)?(${IDENT})\??\s*:[^=(]+$`), kind: "field" }
];
var GO = [
  { pattern: /^func\s+(?:\([^)]*\)\s*)?([A-Za-z]\w*)/, kind: "function" },
  { pattern: /^type\s+([A-Za-z]\w*)/, kind: "class" },
  { pattern: /^\s*(?:const\s+|var\s+)?([A-Z]\w*)\s*(?:\s[\w.*[\]]+\s*)?=/, kind: "constant" },
  { pattern: /`[^`]*\b(?:json|yaml|toml|mapstructure|koanf):"([A-Za-z_][\w-]*)/, kind: "config-key" },
  { pattern: /`[^`]*\benv:"([A-Z][A-Z0-9_]*)/, kind: "env-var" },
  {
    pattern: /\.(?:Bool|String|Int|Int64|Uint|Float64|Duration|StringSlice|StringArray|Count)(?:Var)?P?\(\s*(?:&[\w.]+,\s*)?"([a-z][a-z0-9-]*)"/,
    kind: "cli-flag",
    shape: flag
  }
];
var RUST = [
  {
    pattern: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"C"\s+)?fn\s+([A-Za-z]\w*)/,
    kind: "function"
  },
  { pattern: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|trait|type|union)\s+([A-Za-z]\w*)/, kind: "class" },
  { pattern: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const|static)\s+([A-Z][A-Z0-9_]*)\s*:/, kind: "constant" },
  { pattern: /^\s+pub(?:\([^)]*\))?\s+([a-z]\w*)\s*:/, kind: "field" },
  { pattern: /#\[serde\([^)]*rename\s*=\s*"([^"]+)"/, kind: "config-key" },
  { pattern: /\blong\s*=\s*"([a-z][a-z0-9-]*)"|\.long\("([a-z][a-z0-9-]*)"\)/, kind: "cli-flag", shape: flag }
];
var RUBY = [
  { pattern: /^\s*def\s+(?:self\.)?([a-z_]\w*[?!]?)/, kind: "function" },
  { pattern: /^\s*(?:class|module)\s+([A-Z]\w*)/, kind: "class" },
  { pattern: /^\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*=/, kind: "constant" },
  { pattern: /^\s*preference\s+:(\w+)/, kind: "config-key" }
];
var JVM = [
  {
    pattern: /^\s*(?:(?:public|protected|internal|abstract|final|sealed|data|open|static)\s+)*(?:class|interface|enum|record|object)\s+([A-Z]\w*)/,
    kind: "class"
  },
  {
    pattern: /^\s*(?:(?:public|protected|static|final|abstract|synchronized|override|suspend)\s+)+(?:fun\s+)?(?:<[^>]+>\s+)?(?:[\w.<>[\],?]+\s+)?([a-z]\w*)\s*\(/,
    kind: "function"
  },
  { pattern: /^\s*fun\s+(?:<[^>]+>\s+)?(?:[\w.]+\.)?([a-z]\w*)\s*\(/, kind: "function" },
  { pattern: /^\s*(?:public\s+)?static\s+final\s+\w+\s+([A-Z][A-Z0-9_]*)\s*=/, kind: "constant" }
];
var CSHARP = [
  {
    pattern: /^\s*(?:(?:public|internal|protected|abstract|sealed|static|partial)\s+)+(?:class|interface|enum|record|struct)\s+([A-Z]\w*)/,
    kind: "class"
  },
  { pattern: /^\s*(?:(?:public|protected|internal|static|async|virtual|override)\s+)+[\w.<>[\],?]+\s+([A-Z]\w*)\s*\(/, kind: "function" },
  { pattern: /^\s*(?:public\s+)[\w.<>[\],?]+\s+([A-Z]\w*)\s*\{\s*get;/, kind: "field" }
];
var PHP = [
  { pattern: /^\s*(?:(?:public|protected|private|static|abstract|final)\s+)*function\s+([A-Za-z_]\w*)/, kind: "function" },
  { pattern: /^\s*(?:abstract\s+|final\s+)?(?:class|interface|trait|enum)\s+([A-Z]\w*)/, kind: "class" }
];
var C = [
  { pattern: /^#define\s+([A-Z][A-Z0-9_]+)/, kind: "constant" },
  { pattern: /^(?:static\s+|inline\s+|extern\s+)*[A-Za-z_][\w\s*]*?\b([A-Za-z_]\w*)\s*\([^;]*$/, kind: "function" }
];
var SHELL = [
  { pattern: /^\s*(?:ENV|ARG)\s+([A-Z][A-Z0-9_]*)/, kind: "env-var" },
  { pattern: /^\s*export\s+([A-Z][A-Z0-9_]*)=/, kind: "env-var" }
];
var CONFIG = [
  { pattern: /^\s*(?:-\s+)?([A-Za-z_][\w.-]*)\s*:(?:\s|$)/, kind: "config-key" },
  { pattern: /^\s*([A-Za-z_][\w.-]*)\s*=/, kind: "config-key" },
  { pattern: /^\s*"([A-Za-z_][\w.-]*)"\s*:/, kind: "config-key" }
];
var ENV_FILE = [{ pattern: /^\s*(?:export\s+)?#?\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\s*=/, kind: "env-var" }];
var BY_FAMILY = {
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
  env: ENV_FILE
};
var ENV_READERS = [
  "getenv",
  "Getenv",
  "LookupEnv",
  String.raw`environ\.(?:get|setdefault|pop)`,
  "environ",
  "env::var(?:_os)?",
  String.raw`System\.getenv`,
  String.raw`ENV\.fetch`,
  "ENV",
  "GetEnvironmentVariable",
  String.raw`process\.env`,
  String.raw`Deno\.env\.get`,
  "env"
].join("|");
var ROUTE_CALLS = [
  "get|post|put|patch|delete|head|options|all|route|api_route|websocket|add_api_route|add_url_rule",
  "Get|Post|Put|Patch|Delete|Head|Options|GET|POST|PUT|PATCH|DELETE|HEAD|HandleFunc|Handle|Any|Route"
].join("|");
var ROUTE_PATH = String.raw`(?:(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) )?\/[\w\-./{}:<>*]*`;
var ANY_CODE = [
  { pattern: /(?:process\.env|import\.meta\.env|Bun\.env)\.([A-Z][A-Z0-9_]*)/g, kind: "env-var" },
  { pattern: new RegExp(String.raw`(?:${ENV_READERS})\s*[([]\s*["'](${ENV_NAME})["']`, "g"), kind: "env-var" },
  { pattern: /["'`](--[a-z0-9][a-z0-9-]*[a-z0-9])(?:=[^"'`]*)?["'`]/g, kind: "cli-flag" },
  // A key read from a configuration mapping: `config.get("vector_store")`, `settings["max_tokens"]`.
  { pattern: /(?:\.get\(\s*|\[\s*)["']([a-z][a-z0-9]*(?:_[a-z0-9]+)+)["']/g, kind: "config-key" },
  {
    pattern: new RegExp(String.raw`\.(?:${ROUTE_CALLS})\(\s*(?:[\w.]+\s*,\s*)?["'\x60](${ROUTE_PATH})["'\x60]`, "g"),
    kind: "http-route"
  },
  {
    pattern: new RegExp(String.raw`@(?:Get|Post|Put|Delete|Patch|Request)Mapping\(\s*(?:(?:value|path)\s*=\s*)?["'](\/[^"']*)["']`, "g"),
    kind: "http-route"
  },
  { pattern: new RegExp(String.raw`^\s*(?:get|post|put|patch|delete|match)\s+["'](\/[\w\-./:*]*)["']`, "g"), kind: "http-route" }
];
var KEYWORDS = new Set(
  "if else elif for while switch case catch return function new await async yield import export from class def self this super constructor init main test setup teardown true false null none nil undefined void let const var static public private protected get set type interface enum struct impl fn func pub mod use crate where match loop break continue do try except finally with as lambda pass raise throw throws extends implements package module begin end then unless require include string number boolean object any int float bool str dict list tuple option result error err ok".split(" ")
);
var ROUTE_METHOD = /^(?:get|post|put|patch|delete|head|options)$/i;
function isPublicName(name) {
  return name.length >= 3 && !name.startsWith("_") && !name.startsWith("$") && !KEYWORDS.has(name.toLowerCase());
}
function shapeRoute(match, route) {
  if (/^[A-Z]+ \//.test(route)) return route;
  const call = /\.(\w+)\(\s*(?:[\w.]+\s*,\s*)?["'`]/.exec(match[0]);
  const method = call?.[1];
  return method !== void 0 && ROUTE_METHOD.test(method) ? `${method.toUpperCase()} ${route}` : route;
}
function hitsOf(rule, line) {
  const hits = [];
  const pattern = rule.pattern.global ? rule.pattern : new RegExp(rule.pattern.source, `${rule.pattern.flags}g`);
  pattern.lastIndex = 0;
  for (let match = pattern.exec(line); match !== null; match = pattern.exec(line)) {
    const captured = match.slice(1).find((group3) => group3 !== void 0);
    if (captured !== void 0) {
      const name = rule.kind === "http-route" ? shapeRoute(match, captured) : rule.shape?.(captured) ?? captured;
      hits.push({ name, kind: rule.kind });
    }
    if (match[0] === "") pattern.lastIndex++;
    if (!rule.pattern.global) break;
  }
  return hits;
}
function parametersOf(line, family) {
  if (family !== "python" && family !== "script") return [];
  const definition = family === "python" ? /^\s*(?:async\s+)?def\s+\w+\s*\((.*)/.exec(line) : null;
  const inside = definition?.[1];
  if (inside === void 0) return [];
  return inside.split(",").map((part) => /^\s*\*{0,2}([a-z][a-z0-9_]*)/.exec(part)?.[1]).filter((name) => name !== void 0 && name !== "self" && name !== "cls" && name.includes("_")).map((name) => ({ name, kind: "field" }));
}
function keepHit(hit) {
  if (hit.kind === "http-route") return hit.name.replace(/^[A-Z]+ /, "").length > 1;
  if (hit.kind === "cli-flag" || hit.kind === "env-var") return hit.name.length >= 4;
  if (hit.kind === "config-key") return hit.name.length >= 3 && !KEYWORDS.has(hit.name.toLowerCase());
  return isPublicName(hit.name);
}
var MAX_LINE_CHARS = 1e3;
function namesOnLine(line, family) {
  if (line.length > MAX_LINE_CHARS) return [];
  const rules = family === "config" || family === "env" ? BY_FAMILY[family] : [...BY_FAMILY[family], ...ANY_CODE];
  const hits = [...rules.flatMap((rule) => hitsOf(rule, line)), ...parametersOf(line, family)];
  const seen = /* @__PURE__ */ new Set();
  return hits.filter((hit) => {
    if (seen.has(hit.name) || !keepHit(hit)) return false;
    seen.add(hit.name);
    return true;
  });
}

// src/docs-check/languages.ts
var BY_EXTENSION = {
  py: "python",
  pyi: "python",
  js: "script",
  jsx: "script",
  mjs: "script",
  cjs: "script",
  ts: "script",
  tsx: "script",
  mts: "script",
  cts: "script",
  vue: "script",
  svelte: "script",
  go: "go",
  rs: "rust",
  rb: "ruby",
  rake: "ruby",
  java: "jvm",
  kt: "jvm",
  kts: "jvm",
  scala: "jvm",
  cs: "csharp",
  php: "php",
  c: "c",
  h: "c",
  cc: "c",
  cpp: "c",
  hpp: "c",
  swift: "c",
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  yaml: "config",
  yml: "config",
  toml: "config",
  ini: "config",
  cfg: "config",
  json: "config",
  properties: "config"
};
var NO_NAMES = [
  /(^|\/)(tests?|__tests__|__mocks__|spec|e2e|fixtures?|testdata|mocks?|vendor|third_party|node_modules|dist|build)\//i,
  /(^|\/)\.github\//,
  /\.(test|spec|stories)\.[a-z]+$/i,
  /(^|\/)(test_[^/]*|[^/]*_test)\.(py|go)$/i,
  /(^|\/)conftest\.py$/,
  /(^|\/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|uv\.lock|Cargo\.lock|go\.sum|Gemfile\.lock|composer\.lock|bun\.lockb?)$/,
  /(^|\/)(CHANGELOG|CHANGES|HISTORY)[^/]*$/i,
  /\.(min\.js|map|snap|lock|generated\.[a-z]+|pb\.go|d\.ts)$/i,
  /(^|\/)(generated|gen|__generated__)\//i,
  // Translations are interface text and manifests describe the build: their keys are no names a docs reader meets.
  /(^|\/)(locales?|i18n|l10n|translations|lang)\/[^/]*\.(json|ya?ml|properties)$/i,
  /(^|\/)(package\.json|tsconfig[^/]*\.json|composer\.json|\.eslintrc[^/]*|\.prettierrc[^/]*)$/i
];
function familyOf(path) {
  if (NO_NAMES.some((pattern) => pattern.test(path))) return void 0;
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (/^\.env(\.|$)/.test(name)) return "env";
  if (/^(Dockerfile|Containerfile)(\.|$)/.test(name) || name === "Makefile") return "shell";
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return void 0;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()];
}

// src/docs-check/patch.ts
var HUNK_START = /^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@ ?(.*)$/;
function parsePatch(patch) {
  const hunks = [];
  for (const line of patch.split(/\r?\n/)) {
    const start = HUNK_START.exec(line);
    if (start !== null) {
      hunks.push({ heading: (start[1] ?? "").trim(), added: [], removed: [], context: [] });
      continue;
    }
    const hunk = hunks.at(-1);
    if (hunk === void 0) continue;
    if (line.startsWith("+")) hunk.added.push(line.slice(1));
    else if (line.startsWith("-")) hunk.removed.push(line.slice(1));
    else if (line.startsWith(" ")) hunk.context.push(line.slice(1));
  }
  return hunks;
}

// src/docs-check/types.ts
var USER_FACING_KINDS = /* @__PURE__ */ new Set(["cli-flag", "env-var", "http-route", "config-key"]);

// src/docs-check/names.ts
var key = (hit) => `${hit.kind} ${hit.name}`;
var SCRIPT_FILE = /\.[cm]?[jt]sx?$/;
var ROUTE_FILE = /\/route\.[cm]?[jt]sx?$/;
function routeOfPath(path) {
  if (!SCRIPT_FILE.test(path)) return void 0;
  const app = ROUTE_FILE.test(path) ? /(?:^|\/)app\/(.+)\/route\.[cm]?[jt]sx?$/.exec(path) : null;
  const pages = /(?:^|\/)pages\/(api\/.+)\.[cm]?[jt]sx?$/.exec(path);
  const inside = app?.[1] ?? pages?.[1];
  if (inside === void 0) return void 0;
  const segments = inside.split("/").filter((segment) => !(segment.startsWith("(") && segment.endsWith(")")) && segment !== "index").map((segment) => segment.startsWith("[") && segment.endsWith("]") ? segment.replace(/^\[+\.{0,3}([^\]]+)\]+$/, "{$1}") : segment);
  return `/${segments.join("/")}`;
}
function sightingsOf(file, family, hunks) {
  const sightings = [];
  hunks.forEach((hunk, index) => {
    const add = (side, line) => {
      for (const hit of namesOnLine(line, family)) sightings.push({ hit, file: file.path, side, hunk: index, line });
    };
    hunk.removed.forEach((line) => add("removed", line));
    hunk.added.forEach((line) => add("added", line));
    hunk.context.forEach((line) => add("context", line));
    if (hunk.heading !== "") {
      for (const hit of namesOnLine(hunk.heading, family)) {
        if (hit.kind !== "field") sightings.push({ hit, file: file.path, side: "heading", hunk: index, line: hunk.heading });
      }
    }
  });
  const route = routeOfPath(file.path);
  if (route !== void 0) {
    const side = file.status === "added" ? "added" : file.status === "removed" ? "removed" : "heading";
    sightings.push({ hit: { name: route, kind: "http-route" }, file: file.path, side, hunk: -1, line: "" });
  }
  return sightings;
}
function occursIn(text2, name) {
  const bare = name.replace(/^[A-Z]+ (?=\/)/, "");
  const goesOn = bare.startsWith("/") ? /[\w$/{-]/ : /[\w$]/;
  for (let at = text2.indexOf(bare); at >= 0; at = text2.indexOf(bare, at + 1)) {
    const before = text2.charAt(at - 1);
    const after = text2.charAt(at + bare.length);
    if (!/[\w$-]/.test(before) && !goesOn.test(after) && !(after === "-" && /\w/.test(text2.charAt(at + bare.length + 1)))) return true;
  }
  return false;
}
var shapeOf = (sighting) => sighting.line.split(sighting.hit.name).join("\0").trim();
function renames(removed, added) {
  const pairs = /* @__PURE__ */ new Map();
  const groups = /* @__PURE__ */ new Map();
  const group3 = (sighting) => {
    const id = `${sighting.file} ${sighting.hunk} ${sighting.hit.kind}`;
    const found = groups.get(id) ?? { removed: [], added: [] };
    groups.set(id, found);
    return found;
  };
  removed.forEach((sighting) => group3(sighting).removed.push(sighting));
  added.forEach((sighting) => group3(sighting).added.push(sighting));
  for (const { removed: gone, added: come } of groups.values()) {
    const [old, replacement] = [gone[0], come[0]];
    if (gone.length === 1 && come.length === 1 && old !== void 0 && replacement !== void 0) {
      pairs.set(key(old.hit), replacement.hit.name);
      continue;
    }
    const byShape = /* @__PURE__ */ new Map();
    for (const sighting of come) {
      const shape = shapeOf(sighting);
      const same = byShape.get(shape);
      if (same === void 0) byShape.set(shape, { sightings: [sighting], taken: 0 });
      else same.sightings.push(sighting);
    }
    for (const sighting of gone) {
      const same = byShape.get(shapeOf(sighting));
      const taken = same?.sightings[same.taken];
      if (same === void 0 || taken === void 0) continue;
      same.taken++;
      pairs.set(key(sighting.hit), taken.hit.name);
    }
  }
  return pairs;
}
var Written = class {
  constructor(text2) {
    this.text = text2;
    scanTokens(text2, (token) => this.tokens.add(token));
  }
  text;
  tokens = /* @__PURE__ */ new Set();
  has(name) {
    const bare = name.replace(/^[A-Z]+ (?=\/)/, "");
    return /^-{0,2}[A-Za-z_][\w$]*(?:-[\w$]+)*$/.test(bare) ? this.tokens.has(bare) : occursIn(this.text, bare);
  }
};
function classify(sightings, added, removed, renamed) {
  const first = sightings[0];
  if (first === void 0) return { status: "changed" };
  const sides = new Set(sightings.map((sighting) => sighting.side));
  if (sides.has("removed") && !added.has(first.hit.name)) {
    const to = renamed.get(key(first.hit));
    return to === void 0 ? { status: "removed" } : { status: "renamed", renamedTo: to };
  }
  if (sides.has("added") && !sides.has("removed") && !sides.has("heading") && !removed.has(first.hit.name)) return { status: "added" };
  return { status: "changed" };
}
var MAX_NEIGHBORS = 50;
function neighborsOf(sightings) {
  const neighbors = /* @__PURE__ */ new Map();
  const byHunk = /* @__PURE__ */ new Map();
  for (const sighting of sightings) {
    if (!USER_FACING_KINDS.has(sighting.hit.kind) || sighting.hunk < 0) continue;
    const id = `${sighting.file} ${sighting.hunk} ${sighting.hit.kind}`;
    const group3 = byHunk.get(id);
    if (group3 === void 0) byHunk.set(id, [sighting]);
    else group3.push(sighting);
  }
  for (const group3 of byHunk.values()) {
    if (new Set(group3.map((sighting) => sighting.hit.name)).size > MAX_NEIGHBORS + 1) continue;
    for (const added of group3.filter((sighting) => sighting.side === "added")) {
      const found = neighbors.get(key(added.hit)) ?? /* @__PURE__ */ new Set();
      for (const other of group3) if (other.hit.name !== added.hit.name) found.add(other.hit.name);
      neighbors.set(key(added.hit), found);
    }
  }
  return new Map([...neighbors].map(([name, found]) => [name, [...found]]));
}
function append(target, items) {
  for (const item of items) target.push(item);
}
function changedNames(files, counts = () => true) {
  const sightings = [];
  const addedLines = [];
  const removedLines = [];
  for (const file of files) {
    const hunks = file.patch === void 0 ? [] : parsePatch(file.patch);
    for (const hunk of hunks) {
      append(addedLines, hunk.added);
      append(removedLines, hunk.removed);
    }
    const family = familyOf(file.path);
    if (family !== void 0 && counts(file)) append(sightings, sightingsOf(file, family, hunks));
  }
  const added = new Written(addedLines.join("\n"));
  const removed = new Written(removedLines.join("\n"));
  const candidates = (side) => sightings.filter((sighting) => sighting.side === side && !(side === "added" ? removed : added).has(sighting.hit.name));
  const renamed = renames(candidates("removed"), candidates("added"));
  const neighbors = neighborsOf(sightings);
  const byName = /* @__PURE__ */ new Map();
  for (const sighting of sightings.filter((found) => found.side !== "context")) {
    const group3 = byName.get(key(sighting.hit));
    if (group3 === void 0) byName.set(key(sighting.hit), [sighting]);
    else group3.push(sighting);
  }
  return [...byName.values()].flatMap((group3) => {
    const first = group3[0];
    if (first === void 0) return [];
    const { status, renamedTo } = classify(group3, added, removed, renamed);
    const files2 = [...new Set(group3.map((sighting) => sighting.file))];
    const kind = first.hit.kind;
    const beside = status === "added" ? neighbors.get(key(first.hit)) : void 0;
    return [
      {
        name: first.hit.name,
        kind,
        status,
        ...renamedTo !== void 0 && { renamedTo },
        files: files2,
        ...beside !== void 0 && beside.length > 0 && { neighbors: beside }
      }
    ];
  });
}
var MAX_CHANGE_TEXT = 2e5;
function changeText(files, counts) {
  const lines = [];
  const context = [];
  let size = 0;
  for (const file of files) {
    if (file.patch === void 0 || familyOf(file.path) === void 0 || !counts(file)) continue;
    for (const hunk of parsePatch(file.patch)) {
      append(lines, hunk.added);
      append(lines, hunk.removed);
      append(context, hunk.context);
      size += hunk.added.join("").length + hunk.removed.join("").length;
    }
    if (size > MAX_CHANGE_TEXT) break;
  }
  return { lines: lines.join("\n").slice(0, MAX_CHANGE_TEXT), context: context.join("\n").slice(0, MAX_CHANGE_TEXT) };
}

// src/docs-check/mentions.ts
var PARAMETER = /^(?:\{[^}]*\}|:\w+|<[^>]*>|\*)$/;
function routeSegments(path) {
  return path.split("/").filter((segment) => segment !== "");
}
var escape = (text2) => text2.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
var isWordChar = (char) => /\w/.test(char);
var isSegmentChar = (char) => isWordChar(char) || ".{}:<>~-".includes(char);
function routeIn(text2, body) {
  let chained = false;
  for (let at = 0; at < text2.length; at++) {
    const char = text2.charAt(at);
    if (char !== "/") {
      chained &&= isSegmentChar(char);
      continue;
    }
    const before = text2.charAt(at - 1);
    chained = at === 0 || !isWordChar(before) && before !== "/" || chained && isSegmentChar(before);
    body.lastIndex = at;
    if (chained && body.test(text2)) return true;
  }
  return false;
}
function routePattern(path) {
  const segments = routeSegments(path);
  if (!segments.some((segment) => !PARAMETER.test(segment))) return void 0;
  const body = segments.map((segment) => PARAMETER.test(segment) ? String.raw`(?:\{[^}/\s]*\}|:\w+|<[^>/\s]*>|[\w.~-]+)` : escape(segment)).join("/");
  const pattern = new RegExp(String.raw`/${body}(?!\/*[\w-])`, "y");
  return { test: (text2) => routeIn(text2, pattern) };
}
function sameRoute(route, method, pattern) {
  return (method === void 0 || route.method === method || route.method === "ANY") && pattern.test(` ${route.path}`);
}
function lineMentions(line, name) {
  if (name.kind === "http-route") {
    const pattern = routePattern(name.name.replace(/^[A-Z]+ /, ""));
    return pattern !== void 0 && pattern.test(line);
  }
  return occursIn(line, name.name);
}
function routeMentions(index, name) {
  const method = /^([A-Z]+) \//.exec(name.name)?.[1];
  const path = name.name.replace(/^[A-Z]+ /, "");
  const pattern = routePattern(path);
  const literal = routeSegments(path).filter((segment) => !PARAMETER.test(segment));
  const last = literal.at(-1);
  if (pattern === void 0 || last === void 0) return [];
  const found = /* @__PURE__ */ new Map();
  for (const entry of documentsWith(index, last)) {
    const doc = index.documents[entry >> 1];
    if (doc === void 0) continue;
    if (doc.routes.some((route) => sameRoute(route, method, pattern)) || pattern.test(doc.text)) found.set(entry >> 1, true);
  }
  return [...found].map(([doc, inCode]) => ({ doc, inCode }));
}
function mentionsOf(index, name) {
  if (name.kind === "http-route") return routeMentions(index, name);
  const spellings = [name.name];
  const dotted = name.name.includes(".");
  const codeShaped = isCodeShaped(name.name);
  const found = /* @__PURE__ */ new Map();
  for (const spelling of spellings) {
    const key2 = dotted ? spelling.split(".").at(-1) ?? spelling : spelling;
    for (const entry of documentsWith(index, key2)) {
      const doc = entry >> 1;
      const inCode = (entry & 1) === 1;
      if (!codeShaped && !inCode) continue;
      const document = index.documents[doc];
      if (dotted && (document === void 0 || !occursIn(document.text, spelling))) continue;
      found.set(doc, (found.get(doc) ?? false) || inCode);
    }
  }
  return [...found].map(([doc, inCode]) => ({ doc, inCode }));
}
function linesMentioning(document, name) {
  if (document.kind === "endpoint") return [];
  return document.text.split("\n").flatMap((line, i) => lineMentions(line, name) ? [document.firstLine + i] : []);
}

// src/docs-check/evidence.ts
function queryOf(change, weights) {
  const query = /* @__PURE__ */ new Map();
  const add = (list, weight) => {
    if (weight === 0) return;
    for (const word of list) query.set(word, (query.get(word) ?? 0) + weight);
  };
  add(words(change.title), weights.title);
  add(words(change.body), weights.body);
  add(change.paths.flatMap(pathWords), weights.paths);
  add(
    change.names.flatMap((name) => words(name.name.replace(/^[A-Z]+ /, ""))),
    weights.names
  );
  add(words(change.lines), weights.lines);
  add(words(change.context), weights.context);
  return query;
}
function nameMatches(index, wanted2) {
  const scores = new Float64Array(index.documents.length);
  const n = index.documents.length;
  index.nameWords.forEach((set, doc) => {
    let score = 0;
    for (const word of set) if (wanted2.has(word)) score += Math.log(1 + n / (index.nameWordCounts.get(word) ?? 1));
    scores[doc] = score;
  });
  return scores;
}
var MAX_SIBLINGS = 8;
function siblingsOf(index, name) {
  const segments = name.split("_");
  for (let keep = segments.length - 1; keep >= 1; keep--) {
    const prefix = `${segments.slice(0, keep).join("_")}_`;
    if (prefix.length < 4) break;
    let low = 0;
    let high = index.envTokens.length;
    while (low < high) {
      const middle = low + high >> 1;
      if ((index.envTokens[middle] ?? "") < prefix) low = middle + 1;
      else high = middle;
    }
    const found = [];
    for (let at = low; at < index.envTokens.length && (index.envTokens[at] ?? "").startsWith(prefix); at++)
      found.push(index.envTokens[at] ?? "");
    if (found.length > MAX_SIBLINGS) return [];
    if (found.length > 0) return found;
  }
  return [];
}
function neighbourMentions(index, name) {
  const others = [...name.neighbors ?? [], ...name.kind === "env-var" ? siblingsOf(index, name.name) : []];
  return [...new Set(others)].map((other) => ({ via: other, mentions: mentionsOf(index, { ...name, name: other }) }));
}
function pullKind(title) {
  const lower = title.toLowerCase().trim();
  const prefix = /^(\w+)(?:\([^)]*\))?!?:/.exec(lower)?.[1];
  if (prefix === "feat" || prefix === "feature") return "feature";
  if (prefix === "fix" || prefix === "bugfix" || prefix === "hotfix") return "fix";
  if (prefix !== void 0 && /^(?:chore|refactor|tests?|ci|build|perf|style|deps|revert|docs)$/.test(prefix)) return "other";
  if (/^(?:add|support|introduce|new|allow|enable|expose|implement)\b/.test(lower) || /\b(?:add|support)\b/.test(lower)) return "feature";
  if (/^(?:fix|resolve|correct)/.test(lower) || /\bfix/.test(lower)) return "fix";
  return "other";
}
function tiesOf(index, names) {
  const ties = /* @__PURE__ */ new Map();
  const tied = /* @__PURE__ */ new Map();
  const reach = /* @__PURE__ */ new Map();
  const add = (doc, tie) => {
    const names2 = tied.get(doc) ?? /* @__PURE__ */ new Set();
    if (names2.has(tie.name)) return;
    tied.set(doc, names2.add(tie.name));
    const list = ties.get(doc);
    if (list === void 0) ties.set(doc, [tie]);
    else list.push(tie);
  };
  for (const name of names) {
    const mentions = mentionsOf(index, name);
    reach.set(`${name.kind} ${name.name}`, mentions.length);
    for (const mention of mentions) add(mention.doc, { name, inCode: mention.inCode, documents: mentions.length });
    if (mentions.length > 0 || name.status !== "added" || !USER_FACING_KINDS.has(name.kind)) continue;
    const beside = neighbourMentions(index, name);
    const reached = new Set(beside.flatMap(({ mentions: found }) => found.map((mention) => mention.doc)));
    for (const { via, mentions: found } of beside) {
      for (const mention of found) add(mention.doc, { name, inCode: mention.inCode, documents: reached.size, via });
    }
  }
  return { ties, reach };
}
function lifts(scores) {
  const n = scores.length || 1;
  const mean = scores.reduce((sum, score) => sum + score, 0) / n;
  const spread = Math.sqrt(scores.reduce((sum, score) => sum + (score - mean) ** 2, 0) / n) || 1;
  return scores.map((score) => (score - mean) / spread);
}
var ONLY = { title: 0, body: 0, paths: 0, names: 0, lines: 0, context: 0 };
function gatherEvidence(index, change, weights) {
  const { ties, reach } = tiesOf(index, change.names);
  const scores = bm25(index, queryOf(change, weights));
  const best = scores.reduce((top, score) => Math.max(top, score), 0) || 1;
  const lines = lifts(bm25(index, queryOf(change, { ...ONLY, lines: 1 })));
  const paths = lifts(bm25(index, queryOf(change, { ...ONLY, paths: 1 })));
  const scale = Math.log(1 + index.documents.length) || 1;
  const pathMatches = nameMatches(index, new Set(change.paths.flatMap(pathWords)));
  const titleMatches = nameMatches(index, new Set(words(change.title)));
  const candidates = [...ties].map(([doc, list]) => ({
    doc,
    ties: list,
    relative: (scores[doc] ?? 0) / best,
    linesLift: lines[doc] ?? 0,
    pathsLift: paths[doc] ?? 0,
    path: (pathMatches[doc] ?? 0) / scale,
    title: (titleMatches[doc] ?? 0) / scale,
    generated: index.documents[doc]?.generated ?? false
  }));
  return { documents: index.documents.length, names: index.names, kind: pullKind(change.title), candidates, reach };
}

// src/docs-check/folder.ts
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, sep } from "node:path";
var MAX_FILE_BYTES = 1024 * 1024;
var MAX_CONFIG_BYTES = 16 * 1024 * 1024;
var CONFIG_NAMES = ["docs.json", "mint.json"];
var maxBytesOf = (path) => CONFIG_NAMES.includes(path) ? MAX_CONFIG_BYTES : MAX_FILE_BYTES;
var isInside = (root, real) => real === root || real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`);
var wanted = (name) => /\.(mdx?|json|ya?ml)$/i.test(name);
function follow(root, full, path) {
  try {
    const real = realpathSync(full);
    if (!isInside(root, real)) return { path, reason: "link out of the folder" };
    return { real, directory: statSync(real).isDirectory() };
  } catch {
    return { path, reason: "not readable" };
  }
}
function readOne(real, path, files, skipped) {
  try {
    if (statSync(real).size > maxBytesOf(path))
      skipped.push({ path, reason: maxBytesOf(path) === MAX_FILE_BYTES ? "over 1 MiB" : "over 16 MiB" });
    else files.push({ path, text: readFileSync(real, "utf8") });
  } catch {
    skipped.push({ path, reason: "not readable" });
  }
}
function walk(state, folder, shownAs) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    state.skipped.push({ path: shownAs, reason: "not readable" });
    return;
  }
  state.visited.add(folder);
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const full = join(folder, entry.name);
    const path = shownAs === "" ? entry.name : `${shownAs}/${entry.name}`;
    if (entry.isSymbolicLink()) state.links.push({ full, path });
    else if (entry.isDirectory()) walk(state, full, path);
    else if (entry.isFile() && wanted(entry.name)) readOne(full, path, state.files, state.skipped);
  }
}
function followLinks(state) {
  for (let link = state.links.shift(); link !== void 0; link = state.links.shift()) {
    const target = follow(state.root, link.full, link.path);
    const name = link.path.slice(link.path.lastIndexOf("/") + 1);
    if ("reason" in target) state.skipped.push(target);
    else if (target.directory && !state.visited.has(target.real)) walk(state, target.real, link.path);
    else if (!target.directory && wanted(name)) readOne(target.real, link.path, state.files, state.skipped);
  }
}
var isSpec = (file) => {
  const head = file.text.slice(0, 4e3);
  return /^\s*\{[\s\S]{0,2000}?"(?:openapi|swagger)"\s*:/.test(head) || /^(?:openapi|swagger)\s*:/m.test(head);
};
function folderOf(files, skipped) {
  const config = CONFIG_NAMES.map((name) => files.find((file) => file.path === name)).find((file) => file !== void 0);
  const left = skipped.find((skip) => CONFIG_NAMES.includes(skip.path));
  if (config === void 0 && left !== void 0) return { problem: `its ${left.path} was not read (${left.reason})` };
  if (config === void 0) return { problem: "holds no docs.json or mint.json" };
  return {
    config: { name: config.path === "mint.json" ? "mint.json" : "docs.json", text: config.text },
    files: files.filter((file) => /\.mdx?$/i.test(file.path) || isSpec(file)),
    skipped
  };
}
function readDocsFolder(path) {
  let root;
  try {
    root = realpathSync(path);
    if (!statSync(root).isDirectory()) return { problem: "is not a folder" };
  } catch {
    return { problem: "does not exist" };
  }
  const state = { root, visited: /* @__PURE__ */ new Set(), links: [], files: [], skipped: [] };
  walk(state, root, "");
  followLinks(state);
  return folderOf(state.files, state.skipped);
}

// src/docs-check/rank.ts
var FEATURES = ["relative", "linesLift", "pathsLift", "path", "title", "rarity", "generated", "feature", "fix"];
var DEFAULT_TUNING = {
  query: { title: 2, body: 0.5, paths: 1, names: 1, lines: 0, context: 0 },
  weights: {
    relative: 3.09,
    linesLift: 0.132,
    pathsLift: 0.216,
    path: 0.523,
    title: 0.844,
    rarity: 0.879,
    generated: -0.592,
    feature: 0.674,
    fix: -0.786
  },
  bias: -8.551,
  threshold: -2.35,
  maxLikely: 3,
  maxFactDocuments: 2,
  maxFacts: 3
};
var CHANGELOG = /(?:^|\/)(?:change-?log|changes|release-?notes?|releases|whats-new|what-s-new|updates)(?:\/|$)/i;
var isChangelog = (name) => CHANGELOG.test(name);
var VERSION_FOLDER = /^v(\d+(?:\.\d+)*)\//;
function compareVersions(a, b) {
  for (let at = 0; at < Math.max(a.length, b.length); at++) if ((a[at] ?? 0) !== (b[at] ?? 0)) return (a[at] ?? 0) - (b[at] ?? 0);
  return 0;
}
function olderVersions(names) {
  const versions = /* @__PURE__ */ new Map();
  for (const name of names) {
    const number = VERSION_FOLDER.exec(name)?.[1];
    if (number !== void 0) versions.set(`v${number}`, number.split(".").map(Number));
  }
  let newest;
  for (const [folder, version] of versions)
    if (newest === void 0 || compareVersions(version, versions.get(newest) ?? []) > 0) newest = folder;
  return new Set([...versions.keys()].filter((folder) => folder !== newest));
}
function pastPages(evidence) {
  const older = olderVersions(evidence.names);
  return (doc) => {
    const name = evidence.names[doc] ?? "";
    return isChangelog(name) || older.has(name.slice(0, name.indexOf("/")));
  };
}
function rarity(candidate, documents) {
  const scale = Math.log(1 + documents) || 1;
  let best = 0;
  for (const tie of candidate.ties) {
    if (tie.via === void 0 && isCodeShaped(tie.name.name))
      best = Math.max(best, Math.log(1 + documents / Math.max(1, tie.documents)) / scale);
  }
  return best;
}
function featuresOf(candidate, evidence) {
  return {
    relative: candidate.relative,
    linesLift: candidate.linesLift,
    pathsLift: candidate.pathsLift,
    path: candidate.path,
    title: candidate.title,
    rarity: rarity(candidate, evidence.documents),
    generated: candidate.generated ? 1 : 0,
    feature: evidence.kind === "feature" ? 1 : 0,
    fix: evidence.kind === "fix" ? 1 : 0
  };
}
function scoreOf(candidate, evidence, tuning) {
  const features = featuresOf(candidate, evidence);
  const score = FEATURES.reduce((sum, feature) => sum + tuning.weights[feature] * features[feature], tuning.bias);
  return { doc: candidate.doc, score, ties: candidate.ties };
}
function factsOf(evidence, tuning) {
  const past = pastPages(evidence);
  const facts = evidence.candidates.flatMap((candidate) => {
    if (candidate.generated || past(candidate.doc)) return [];
    const ties = candidate.ties.filter(
      (tie) => tie.via === void 0 && (tie.name.status === "removed" || tie.name.status === "renamed") && tie.name.kind !== "field" && tie.documents <= tuning.maxFactDocuments && isCodeShaped(tie.name.name)
    );
    return ties.length === 0 ? [] : [{ doc: candidate.doc, score: Infinity, ties }];
  });
  return facts.length > tuning.maxFacts ? [] : facts;
}
function likelyOf(evidence, tuning, excluded) {
  const past = pastPages(evidence);
  return evidence.candidates.filter((candidate) => !excluded.has(candidate.doc) && !past(candidate.doc)).map((candidate) => scoreOf(candidate, evidence, tuning)).filter((ranked) => ranked.score >= tuning.threshold).sort((a, b) => b.score - a.score || a.doc - b.doc).slice(0, tuning.maxLikely);
}

// src/docs-check/openapi.ts
var METHODS = /* @__PURE__ */ new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
var text = (value) => typeof value === "string" ? value : "";
function parameterNames(operation) {
  const parameters = Array.isArray(operation["parameters"]) ? operation["parameters"] : [];
  return parameters.flatMap((parameter) => isRecord(parameter) && typeof parameter["name"] === "string" ? [parameter["name"]] : []);
}
function fromJson(document) {
  if (!isRecord(document) || !isRecord(document["paths"])) return [];
  return Object.entries(document["paths"]).flatMap(([path, item]) => {
    if (!path.startsWith("/") || !isRecord(item)) return [];
    return Object.entries(item).flatMap(([method, operation]) => {
      if (!METHODS.has(method) || !isRecord(operation)) return [];
      const tags = Array.isArray(operation["tags"]) ? operation["tags"].filter((tag) => typeof tag === "string") : [];
      const words2 = [text(operation["description"]), text(operation["operationId"]), ...tags, ...parameterNames(operation)].filter((word) => word !== "").join(" ");
      return [{ method: method.toUpperCase(), path, summary: text(operation["summary"]), words: words2 }];
    });
  });
}
var MAX_YAML_LINE = 1e3;
var indentOf = (line) => line.length - line.trimStart().length;
var yamlKey = (line) => /^\s*(?:-\s+)?["']?([^"':#]+?)["']?\s*:(?:\s|$)/.exec(line)?.[1];
var yamlValue = (line) => line.replace(/^[^:]*:\s*/, "").replace(/^["']|["']$/g, "").trim();
function fromYaml(source) {
  const lines = source.split(/\r?\n/);
  const start = lines.findIndex((line) => /^paths\s*:\s*$/.test(line));
  if (start < 0) return [];
  const operations = [];
  let pathIndent = -1;
  let methodIndent = -1;
  let path = "";
  let current;
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === "" || line.trimStart().startsWith("#") || line.length > MAX_YAML_LINE) continue;
    const indent = indentOf(line);
    if (indent === 0) break;
    const key2 = yamlKey(line);
    if (pathIndent < 0) pathIndent = indent;
    if (indent <= pathIndent) {
      path = key2?.startsWith("/") === true ? key2 : "";
      methodIndent = -1;
      current = void 0;
      continue;
    }
    if (methodIndent < 0) methodIndent = indent;
    if (indent === methodIndent) {
      current = path !== "" && key2 !== void 0 && METHODS.has(key2) ? { method: key2.toUpperCase(), path, summary: "", words: [] } : void 0;
      if (current !== void 0) operations.push(current);
    } else if (current !== void 0 && key2 !== void 0) {
      if (key2 === "summary") current.summary = yamlValue(line);
      else if (key2 === "description" || key2 === "operationId" || key2 === "name") current.words.push(yamlValue(line));
    }
  }
  return operations.map(({ method, path: route, summary: summary2, words: words2 }) => ({ method, path: route, summary: summary2, words: words2.join(" ") }));
}
function operationsOf(source) {
  const trimmed = source.trimStart();
  if (trimmed.startsWith("{")) {
    try {
      return fromJson(JSON.parse(trimmed));
    } catch {
      return [];
    }
  }
  return /^(?:openapi|swagger)\s*:/m.test(source) ? fromYaml(source) : [];
}
function parseOperationReference(reference) {
  const match = /^(?:(\S+)\s+)?(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE|get|put|post|delete|options|head|patch|trace)\s+(\/\S*)\s*$/.exec(
    reference.trim()
  );
  if (match?.[2] === void 0 || match[3] === void 0) return void 0;
  const route = { method: match[2].toUpperCase(), path: match[3] };
  return match[1] === void 0 ? { route } : { spec: match[1], route };
}

// src/docs-check/config.ts
function folderPath(path) {
  return path.replace(/\\/g, "/").replace(/^(?:\.?\/)+/, "");
}
function specsOf(value) {
  const sources = typeof value === "string" ? [value] : Array.isArray(value) ? value : isRecord(value) ? [value["source"]] : [];
  return sources.flatMap(
    (source) => typeof source === "string" && source !== "" && !/^[a-z]+:\/\//i.test(source) ? [folderPath(source)] : []
  );
}
function readEndpoint(entry, spec, found) {
  const reference = parseOperationReference(entry);
  if (reference === void 0) return false;
  const from = reference.spec === void 0 ? spec : folderPath(reference.spec);
  found.endpoints.push(from === void 0 ? { route: reference.route } : { spec: from, route: reference.route });
  if (reference.spec !== void 0) found.specs.add(folderPath(reference.spec));
  return true;
}
function walk2(root, found) {
  const stack = [{ node: root, inherited: void 0, page: false }];
  for (let visit = stack.pop(); visit !== void 0; visit = stack.pop()) {
    const { node, inherited } = visit;
    if (visit.page && typeof node === "string" && readEndpoint(node, inherited, found)) continue;
    const children = [];
    if (Array.isArray(node)) for (const child of Array.from(node)) children.push({ node: child, inherited, page: false });
    else if (isRecord(node)) {
      const own = specsOf(node["openapi"]);
      own.forEach((path) => found.specs.add(path));
      const spec = own[0] ?? inherited;
      for (const [field, value] of Object.entries(node)) {
        if (field === "openapi") continue;
        const page = field === "pages" && Array.isArray(value);
        if (page) for (const entry of Array.from(value)) children.push({ node: entry, inherited: spec, page });
        else children.push({ node: value, inherited: spec, page });
      }
    }
    for (const child of children.reverse()) stack.push(child);
  }
}
function readSiteConfig(text2) {
  let parsed;
  try {
    parsed = JSON.parse(text2);
  } catch {
    return { specs: [], endpoints: [] };
  }
  const found = { specs: /* @__PURE__ */ new Set(), endpoints: [] };
  walk2(parsed, found);
  return { specs: [...found.specs], endpoints: found.endpoints };
}

// src/docs-check/frontmatter.ts
function unquote(value) {
  const trimmed = value.trim();
  const quote = trimmed.charAt(0);
  if ((quote === '"' || quote === "'") && trimmed.endsWith(quote) && trimmed.length >= 2) return trimmed.slice(1, -1);
  return trimmed;
}
function readFrontmatter(text2) {
  const source = text2.startsWith("\uFEFF") ? text2.slice(1) : text2;
  const open = /^---[ \t]*\r?\n/.exec(source);
  const close = open === null ? null : /\r?\n---[ \t]*(?:\r?\n|$)/.exec(source.slice(open[0].length - 1));
  if (open === null || close === null) return { fields: /* @__PURE__ */ new Map(), body: source, lines: 0 };
  const inside = source.slice(open[0].length, open[0].length - 1 + close.index);
  const fields = /* @__PURE__ */ new Map();
  for (const line of inside.split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (field?.[1] !== void 0 && field[2] !== void 0 && field[2] !== "") fields.set(field[1], unquote(field[2]));
  }
  const end = open[0].length - 1 + close.index + close[0].length;
  const lines = source.slice(0, end).split("\n").length - (source.slice(0, end).endsWith("\n") ? 1 : 0);
  return { fields, body: source.slice(end), lines };
}

// src/docs-check/snippets.ts
var FROM = /\bfrom\s*['"]([^'"]+\.mdx?)['"]\s*(?:;\s*)?$/;
var SNIPPET_TAG = /<Snippet\s+file\s*=\s*["']([^"']+)["']/g;
function resolve(from, target) {
  const base = target.startsWith("/") ? [] : from.split("/").slice(0, -1);
  for (const segment of target.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") base.pop();
    else base.push(segment);
  }
  return base.join("/");
}
var MAX_IMPORT_LINE = 1e3;
function importsOf(text2) {
  return text2.split("\n").flatMap((line) => {
    const trimmed = line.trimStart();
    const target = trimmed.length <= MAX_IMPORT_LINE && /^import\s/.test(trimmed) ? FROM.exec(trimmed)?.[1] : void 0;
    return target === void 0 ? [] : [target];
  });
}
function includesOf(file) {
  const targets = file.text.includes("import") ? importsOf(file.text).map((target) => resolve(file.path, target)) : [];
  const tags = file.text.includes("<Snippet") ? [...file.text.matchAll(SNIPPET_TAG)].map((match) => resolve("snippets/x", match[1] ?? "")) : [];
  return [.../* @__PURE__ */ new Set([...targets, ...tags])];
}
function pagesShowing(snippets, includedBy, isSnippet) {
  const found = /* @__PURE__ */ new Map();
  const order = /* @__PURE__ */ new Map();
  const low = /* @__PURE__ */ new Map();
  const open = [];
  const isOpen = /* @__PURE__ */ new Set();
  const frames = [];
  const enter = (snippet) => {
    order.set(snippet, order.size);
    low.set(snippet, order.size - 1);
    open.push(snippet);
    isOpen.add(snippet);
    frames.push({ snippet, parents: [...includedBy.get(snippet) ?? []].filter(isSnippet), next: 0 });
  };
  const lower = (snippet, to) => {
    low.set(snippet, Math.min(low.get(snippet) ?? to, to));
  };
  const close = (root) => {
    const group3 = [];
    for (let member = open.pop(); member !== void 0; member = member === root ? void 0 : open.pop()) {
      isOpen.delete(member);
      group3.push(member);
    }
    const pages = /* @__PURE__ */ new Set();
    for (const member of group3) {
      for (const parent of includedBy.get(member) ?? []) {
        if (!isSnippet(parent)) pages.add(parent);
        else for (const page of found.get(parent) ?? []) pages.add(page);
      }
    }
    for (const member of group3) found.set(member, pages);
  };
  for (const start of snippets) {
    if (order.has(start)) continue;
    enter(start);
    for (let frame = frames.at(-1); frame !== void 0; frame = frames.at(-1)) {
      const parent = frame.parents[frame.next++];
      if (parent !== void 0) {
        if (!order.has(parent)) enter(parent);
        else if (isOpen.has(parent)) lower(frame.snippet, order.get(parent) ?? 0);
        continue;
      }
      frames.pop();
      const caller = frames.at(-1);
      if (caller !== void 0) lower(caller.snippet, low.get(frame.snippet) ?? 0);
      if (low.get(frame.snippet) === order.get(frame.snippet)) close(frame.snippet);
    }
  }
  return found;
}
function mapSnippets(files) {
  const paths = new Set(files.map((file) => file.path));
  const includedBy = /* @__PURE__ */ new Map();
  for (const file of files) {
    for (const target of includesOf(file)) {
      if (!paths.has(target) || target === file.path) continue;
      const parents = includedBy.get(target) ?? /* @__PURE__ */ new Set();
      parents.add(file.path);
      includedBy.set(target, parents);
    }
  }
  const isSnippet = (path) => path.startsWith("snippets/") || includedBy.has(path);
  const snippets = [...paths].filter(isSnippet);
  const pages = pagesShowing(snippets, includedBy, isSnippet);
  return { shownOn: new Map(snippets.map((path) => [path, [...pages.get(path) ?? []].sort()])) };
}

// src/docs-check/site.ts
var PAGE = /\.mdx?$/i;
var pageName = (path) => path.replace(PAGE, "");
var routeKey = (route) => `${route.method} ${route.path}`;
function headingOf(body) {
  return /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
}
var GENERATED_NOTE = /auto-?generated|generated (?:by|from|with|using)|do not edit/i;
var SOURCE_LINE = /^\/blob\/[^\s)"'#]{1,300}\.[a-z]{1,10}#L\d/;
function isGenerated(body) {
  if (GENERATED_NOTE.test(body.slice(0, 600))) return true;
  let links = 0;
  for (let at = body.indexOf("/blob/"); at >= 0; at = body.indexOf("/blob/", at + 6)) {
    if (SOURCE_LINE.test(body.slice(at, at + 320)) && ++links >= 3) return true;
  }
  return false;
}
function documentOf(file, shownOn2) {
  const { fields, body, lines } = readFrontmatter(file.text);
  const reference = fields.get("openapi");
  const operation = reference === void 0 ? void 0 : parseOperationReference(reference);
  const name = pageName(file.path);
  return {
    name,
    kind: shownOn2 === void 0 ? "page" : "snippet",
    file: file.path,
    title: fields.get("title") ?? fields.get("sidebarTitle") ?? headingOf(body) ?? name.slice(name.lastIndexOf("/") + 1),
    description: fields.get("description") ?? "",
    text: body,
    firstLine: lines + 1,
    routes: operation === void 0 ? [] : [operation.route],
    includedBy: (shownOn2 ?? []).map(pageName),
    generated: isGenerated(body)
  };
}
function endpointOf(spec, operation, named) {
  return {
    name: named(operation),
    kind: "endpoint",
    file: spec,
    title: operation.summary === "" ? routeKey(operation) : operation.summary,
    description: operation.summary,
    text: `${routeKey(operation)}
${operation.words}`,
    firstLine: 0,
    routes: [{ method: operation.method, path: operation.path }],
    includedBy: [],
    generated: true
  };
}
function endpointsOf(folder, pages) {
  const config = readSiteConfig(folder.config.text);
  const byPath = new Map(folder.files.map((file) => [file.path, file]));
  const documented = new Set(pages.flatMap((page) => page.routes.map(routeKey)));
  const listed = new Set(config.endpoints.map((endpoint) => `${endpoint.spec ?? ""} ${routeKey(endpoint.route)}`));
  const specs = [
    .../* @__PURE__ */ new Set([...config.specs, ...config.endpoints.flatMap((endpoint) => endpoint.spec === void 0 ? [] : [endpoint.spec])])
  ];
  const generated = specs.flatMap((spec) => {
    const source = byPath.get(folderPath(spec));
    if (source === void 0) return [];
    const all = config.specs.includes(spec);
    return operationsOf(source.text).filter((operation) => all || listed.has(`${spec} ${routeKey(operation)}`)).map((operation) => ({ spec, operation }));
  });
  const several = new Set(generated.map(({ spec }) => spec)).size > 1;
  return generated.filter(({ operation }) => !documented.has(routeKey(operation))).map(({ spec, operation }) => endpointOf(spec, operation, (route) => several ? `${spec} ${routeKey(route)}` : routeKey(route)));
}
function buildSite(folder) {
  const pages = folder.files.filter((file) => PAGE.test(file.path));
  const { shownOn: shownOn2 } = mapSnippets(pages);
  const documents = pages.map((file) => documentOf(file, shownOn2.get(file.path)));
  return { documents: [...documents, ...endpointsOf(folder, documents)] };
}

// src/docs-check/check.ts
function underPrefix(path, prefix) {
  if (prefix === void 0) return void 0;
  const folder = prefix.replace(/^\/+|\/+$/g, "");
  if (folder === "") return path;
  return path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : void 0;
}
function isDocsFile(path, prefix) {
  const inside = underPrefix(path, prefix);
  if (inside === void 0) return false;
  return prefix?.replace(/^\/+|\/+$/g, "") !== "" || /\.mdx?$/i.test(inside) || inside === "docs.json" || inside === "mint.json";
}
function editedDocuments(index, files, prefix) {
  const edited = /* @__PURE__ */ new Set();
  for (const file of files) {
    for (const path of [file.path, file.previousPath]) {
      const inside = path === void 0 ? void 0 : underPrefix(path, prefix);
      if (inside !== void 0 && /\.mdx?$/i.test(inside)) edited.add(pageName(inside));
    }
  }
  for (const document of index.documents) {
    if (document.kind === "snippet" && edited.has(document.name)) document.includedBy.forEach((page) => edited.add(page));
  }
  return new Set(index.documents.flatMap((document, doc) => edited.has(document.name) ? [doc] : []));
}
function factsFor(document, ranked, withLines) {
  return ranked.ties.flatMap(
    ({ name }) => name.status === "removed" || name.status === "renamed" ? [
      {
        name: name.name,
        status: name.status,
        ...name.renamedTo !== void 0 && { renamedTo: name.renamedTo },
        lines: withLines ? linesMentioning(document, name) : []
      }
    ] : []
  );
}
function namedPage(index, ranked, reason, withLines) {
  const document = index.documents[ranked.doc];
  if (document === void 0) return void 0;
  return {
    page: document.name,
    reason,
    names: [...new Set(ranked.ties.map((tie) => tie.name.name))],
    facts: reason === "fact" ? factsFor(document, ranked, withLines) : [],
    shownOn: document.includedBy,
    ...withLines && document.kind !== "endpoint" && { file: document.file }
  };
}
function undocumentedOf(names, reach) {
  return names.filter(
    (name) => name.status === "added" && USER_FACING_KINDS.has(name.kind) && (name.kind !== "config-key" || isCodeShaped(name.name)) && (reach.get(`${name.kind} ${name.name}`) ?? 0) === 0
  );
}
function checkDocs(index, options) {
  const tuning = options.tuning ?? DEFAULT_TUNING;
  const { pull, docsPrefix, changePaths } = options;
  const isCode = (file) => !isDocsFile(file.path, docsPrefix) && (changePaths === void 0 || filterKeepsFile(changePaths, file));
  const codeFiles = pull.files.filter(isCode);
  const names = changedNames(pull.files, isCode);
  const text2 = changeText(pull.files, isCode);
  const evidence = gatherEvidence(
    index,
    { title: pull.title, body: pull.body, paths: codeFiles.map((file) => file.path), names, ...text2 },
    tuning.query
  );
  const excluded = editedDocuments(index, pull.files, docsPrefix);
  const facts = factsOf(evidence, tuning).filter((fact) => !excluded.has(fact.doc));
  const likely = likelyOf(evidence, tuning, /* @__PURE__ */ new Set([...excluded, ...facts.map((fact) => fact.doc)]));
  const withLines = docsPrefix !== void 0;
  const pages = [
    ...facts.flatMap((fact) => namedPage(index, fact, "fact", withLines) ?? []),
    ...likely.flatMap((ranked) => namedPage(index, ranked, "likely", withLines) ?? [])
  ];
  return {
    pages,
    undocumented: undocumentedOf(names, evidence.reach),
    names,
    codeFiles: codeFiles.map((file) => file.path),
    missingPatches: codeFiles.filter((file) => file.patch === void 0 && file.status !== "removed").map((file) => file.path),
    editedPages: [...excluded].flatMap((doc) => index.documents[doc]?.name ?? [])
  };
}

// src/docs-check/pull-files.ts
function changedFileOf(value) {
  if (!isRecord(value) || typeof value["filename"] !== "string" || value["filename"] === "") return void 0;
  const { filename, status, previous_filename: previous, patch } = value;
  return {
    path: filename,
    status: typeof status === "string" && status !== "" ? status : "modified",
    ...typeof previous === "string" && previous !== "" && { previousPath: previous },
    ...typeof patch === "string" && { patch }
  };
}
function changedFilesOf(pages) {
  const entries = pages.flatMap((page) => Array.isArray(page) ? Array.from(page) : [page]);
  return entries.flatMap((entry) => changedFileOf(entry) ?? []);
}

// src/docs-check/workspace.ts
import { existsSync, realpathSync as realpathSync2, statSync as statSync2 } from "node:fs";
import { join as join2, relative, isAbsolute } from "node:path";
function locateDocs(workspace, docsPath) {
  const parts = docsPath === "" ? [] : docsPath.split("/");
  const folder = join2(workspace, ...parts);
  for (let depth = parts.length; depth >= 1; depth--) {
    if (existsSync(join2(workspace, ...parts.slice(0, depth), ".git"))) return { folder };
  }
  return { folder, prefix: docsPath };
}
function loadDocsIndex(workspace, location) {
  let real;
  try {
    real = realpathSync2(location.folder);
    if (!statSync2(real).isDirectory()) return { problem: "is not a folder" };
  } catch {
    return { problem: "is not a folder of the workspace (check it out in an earlier step)" };
  }
  const inside = relative(realpathSync2(workspace), real);
  if (inside.startsWith("..") || isAbsolute(inside)) return { problem: "leads out of the workspace through a link" };
  const folder = readDocsFolder(real);
  if ("problem" in folder) return folder;
  return buildIndex(buildSite(folder));
}

// src/summary/docs-check.ts
var MAX_PAGES = 10;
var MAX_NAMES = 5;
var MAX_LINES = 5;
var MAX_LISTED = 20;
function fileLinkOf(page, filesUrl) {
  const file = page.file;
  if (filesUrl === void 0 || file === void 0 || file.length > MAX_PATH_CHARS) return () => void 0;
  const path = encodePath(file);
  return (line) => linkTarget(`${filesUrl}${path}${line === void 0 ? "" : `?plain=1#L${line}`}`);
}
var linked = (label, target) => target === void 0 ? label : `[${label}](${target})`;
var MAX_NAME_CHARS = 100;
var shownName = (name) => escapeCode(truncate(name, MAX_NAME_CHARS));
var shownPath = (path) => escapeCode(truncatePath(path, MAX_PATH_CHARS));
function codeList(values, max, show = shownName) {
  const shown = values.slice(0, max).map(show).join(", ");
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}
function factText(fact, link) {
  const what = fact.status === "renamed" && fact.renamedTo !== void 0 ? `renames to ${shownName(fact.renamedTo)}` : "removes";
  const numbers = fact.lines.slice(0, MAX_LINES).map((line) => linked(String(line), link(line)));
  const lines = fact.lines.length === 0 ? "" : ` (${fact.lines.length === 1 ? "line" : "lines"} ${numbers.join(", ")})`;
  return `mentions ${shownName(fact.name)}, which this pull request ${what}${lines}`;
}
function shownOn(page) {
  return page.shownOn.length === 0 ? "" : `; a snippet shown on ${codeList(page.shownOn, MAX_NAMES, shownPath)}`;
}
function pageLine(page, filesUrl) {
  const link = fileLinkOf(page, filesUrl);
  const why = page.reason === "fact" ? page.facts.map((fact) => factText(fact, link)).join("; ") : `related to the change through ${codeList(page.names, MAX_NAMES)}`;
  return `- ${linked(shownPath(page.page), link())}: ${why}${shownOn(page)}`;
}
function pageSections(pages, filesUrl) {
  const line = (page) => pageLine(page, filesUrl);
  const shown = pages.slice(0, MAX_PAGES);
  const facts = shown.filter((page) => page.reason === "fact");
  const likely = shown.filter((page) => page.reason === "likely");
  const sections = [];
  if (facts.length > 0)
    sections.push(`**Needs an update**: these pages mention names this pull request removes or renames.

${facts.map(line).join("\n")}`);
  if (likely.length > 0) sections.push(`**Likely affected**: the pages closest to the change.

${likely.map(line).join("\n")}`);
  if (pages.length > shown.length) sections.push(`And ${counted(pages.length - shown.length, "more page")}: see the run's job summary.`);
  return sections;
}
function howTo(view) {
  return `To ask the Mintlify agent for a draft of these updates, comment ${escapeCode(view.command)} on this pull request. To quiet this check, add the label ${escapeCode(view.skipLabel)} or put \`[skip docs]\` in the title.`;
}
function recordOf(result) {
  return {
    pages: result.pages,
    files: result.codeFiles,
    names: result.names.map((name) => ({
      name: name.name,
      status: name.status,
      ...name.renamedTo !== void 0 && { renamedTo: name.renamedTo }
    }))
  };
}
function docsCheckComment(view) {
  const count = counted(view.result.pages.length, "docs page");
  return [
    `${DOCS_CHECK_MARKER}
${checkRecordLine(recordOf(view.result))}`,
    `### Docs check: ${count} this pull request may affect`,
    ...pageSections(view.result.pages, view.filesUrl),
    `<sub>${howTo(view)}</sub>`
  ].join("\n\n");
}
function docsCheckClearedComment() {
  return [
    `${DOCS_CHECK_MARKER}
${checkRecordLine({ pages: [], files: [], names: [] })}`,
    "### Docs check: no docs page named",
    "The latest push no longer affects a docs page that this comment named before."
  ].join("\n\n");
}
var KIND_WORDS = {
  function: "function",
  class: "class",
  constant: "constant",
  field: "field",
  "cli-flag": "CLI flag",
  "env-var": "environment variable",
  "http-route": "HTTP route",
  "config-key": "configuration key"
};
function undocumentedLines(names) {
  if (names.length === 0) return [];
  const listed = names.slice(0, MAX_LISTED).map((name) => `${shownName(name.name)} (${KIND_WORDS[name.kind]})`);
  const more = names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : "";
  return [`New names no docs page mentions: ${listed.join(", ")}${more}.`];
}
function missingLines(missing) {
  if (missing.length === 0) return [];
  const files = codeList(missing, MAX_LISTED, shownPath);
  return [`GitHub left out the patch of ${counted(missing.length, "file")} (binary or too large); its names are unknown: ${files}.`];
}
function docsCheckSummary(summary2) {
  const { result } = summary2.view;
  const lines = [
    "## Docs check",
    `Pull request #${summary2.number}, \u201C${escapeText(summary2.title)}\u201D: ${counted(result.codeFiles.length, "code file")}, ${counted(result.names.length, "changed name")}.`
  ];
  if (result.pages.length === 0) lines.push("No docs page named: nothing in the change ties it closely enough to a page.");
  else {
    const shown = result.pages.map((page) => pageLine(page, summary2.view.filesUrl));
    lines.push(`${counted(result.pages.length, "docs page")} named.`, shown.join("\n"));
  }
  lines.push(...undocumentedLines(result.undocumented), ...missingLines(result.missingPatches));
  if (summary2.commentUrl !== void 0) lines.push(`The pull request's comment: ${markdownLink("docs check", summary2.commentUrl)}`);
  if (summary2.noComment !== void 0) lines.push(summary2.noComment);
  return `${lines.join("\n\n")}
`;
}
function docsCheckNotMadeSummary(why) {
  return `## Docs check

${escapeText(why)}
`;
}

// src/steps/docs-check.ts
function openDocs(settings, workspace) {
  const location = locateDocs(workspace, settings.docsPath);
  const index = loadDocsIndex(workspace, location);
  if ("problem" in index) {
    const given = settings.docsPath === "" ? "the workspace" : `'${settings.docsPath}'`;
    const from = !settings.fromDocsRoot ? "" : settings.docsPath === "" ? " (docs-path and docs-root are empty)" : " (from 'docs-root': set 'docs-path' when the docs are checked out elsewhere)";
    throw new InputError(
      "docs-path",
      `${given}${from}: ${index.problem}. It must be the folder of the workspace with docs.json or mint.json, checked out by an earlier step.`
    );
  }
  return { index, location };
}
async function readPullFiles(github, number) {
  const pages = [];
  for await (const page of pullFilePages(github, number)) pages.push(page.items);
  return changedFilesOf(pages);
}
function setDocsOutputs(result) {
  const pages = result?.pages ?? [];
  setOutput("docs-pages", JSON.stringify(pages.map((page) => page.page)));
  setOutput("docs-identifiers", JSON.stringify([...new Set(pages.flatMap((page) => page.names))]));
  setOutput("docs-undocumented", JSON.stringify((result?.undocumented ?? []).map((name) => name.name)));
}
async function writeSummary(enabled, markdown) {
  if (!enabled) return;
  try {
    await summary.addRaw(markdown).write();
  } catch (error) {
    warning(`The job summary could not be written: ${messageOf(error)}`);
  }
}
async function showInComment(run, view, github) {
  const named = view.result.pages.length > 0;
  if (run.readOnly) {
    notice(`Pull request #${run.pull.number} comes from a fork: its token is read-only, so no docs check comment could be written.`);
    return named ? { noComment: "No comment: a fork's pull request gets a read-only token under 'pull_request'." } : {};
  }
  const api = githubCommentsApi(github.client, { ...github.repository, number: run.pull.number }, (message) => debug(message));
  const outcome = await writeDocsCheckComment({
    api,
    marker: DOCS_CHECK_MARKER,
    named: named ? docsCheckComment(view) : void 0,
    cleared: docsCheckClearedComment()
  });
  if (!outcome.ok) {
    const target = { number: run.pull.number, kind: "pull-request" };
    warning(describeCommentFailure(outcome.error, outcome.step, target, github.token, "The docs check").message);
    return named ? { noComment: "No comment: GitHub refused it (see the warning in the log)." } : {};
  }
  if (outcome.comment === void 0) return {};
  if (outcome.written !== "unchanged")
    info(`${outcome.written === "created" ? "Wrote" : "Updated"} the docs check comment ${outcome.comment.htmlUrl}`);
  return { commentUrl: outcome.comment.htmlUrl };
}
function logFindings(result) {
  info(`Docs check: ${result.codeFiles.length} code files, ${result.names.length} changed names, ${result.pages.length} pages named.`);
  for (const page of result.pages) info(`  ${page.reason}: ${page.page}`);
  if (result.missingPatches.length > 0) info(`GitHub left out the patch of: ${result.missingPatches.join(", ")}`);
}
async function reportNotMade(run, why) {
  const text2 = `${why} No docs check was made.`;
  warning(text2);
  setDocsOutputs(void 0);
  await writeSummary(run.summary, docsCheckNotMadeSummary(text2));
}
function filesUrlOf(context, baseSha, location) {
  const repository = context.event.repository;
  if (baseSha === void 0 || location.prefix === void 0 || repository === void 0) return void 0;
  const folder = location.prefix.split("/").filter((part) => part !== "");
  const path = folder.length === 0 ? "" : `${encodePath(folder.join("/"))}/`;
  return `${context.event.serverUrl}/${repository.owner}/${repository.repo}/blob/${baseSha}/${path}`;
}
async function performDocsCheck(run, context) {
  const { index, location } = openDocs(run.settings, context.event.workspace ?? process.cwd());
  const github = context.github;
  if (!github.ok) return reportNotMade(run, `${github.detail}: the docs check cannot read the files of pull request #${run.pull.number}.`);
  let files;
  try {
    files = await group("Reading the pull request's files", () => readPullFiles(github, run.pull.number));
  } catch (error) {
    const advice = adviseOnGitHubFailure(error, { fix: askFor("pull-requests: read", "workflow"), secrets: [github.token] });
    return reportNotMade(run, `Could not read the files of pull request #${run.pull.number}: ${advice.text}.`);
  }
  const result = checkDocs(index, {
    pull: { title: run.pull.title, body: run.pull.body, files },
    ...location.prefix !== void 0 && { docsPrefix: location.prefix },
    ...run.changePaths && { changePaths: run.changePaths }
  });
  logFindings(result);
  const filesUrl = filesUrlOf(context, run.pull.baseSha, location);
  const view = { result, command: run.command, skipLabel: run.skipLabel, ...filesUrl !== void 0 && { filesUrl } };
  const shown = await showInComment(run, view, github);
  setDocsOutputs(result);
  if (shown.commentUrl !== void 0) setOutput("comment-url", shown.commentUrl);
  await writeSummary(run.summary, docsCheckSummary({ view, number: run.pull.number, title: run.pull.title, ...shown }));
}
export {
  performDocsCheck
};
