/**
 * A `change-paths` pattern as written, read into one of GitHub's (glob.ts), with the forms GitHub's
 * path filters read otherwise settled first:
 * - pasted from a YAML list (`- 'src/**'`, `"src/**"`, `` `src/**` ``): the marker and the quotes would
 *   be part of the pattern, which would match nothing, so it is refused with the bare pattern to write;
 * - a trailing `/` and a leading `./` or `/`: GitHub reads them as part of the path and matches
 *   nothing; here they keep the meaning they had before (`src/` and `./src/**` are `src/**`), so
 *   workflows written with them keep working, and one warning names the form that works in both.
 */
import { parsePattern, type PathPattern } from './glob.js';

/** The pattern as it is matched (without its `!`), and `instead` when the one written is not in that form. */
export interface PatternForm {
  readonly glob: string;
  readonly instead?: string;
}

const LEADING_ROOT = /^(?:\.?\/)+/;
const LIST_MARKER = /^-[ \t]+/;
const QUOTES: Readonly<Record<string, string>> = { "'": 'quotes', '"': 'quotes', '`': 'backticks' };
/** Patterns named in the warning; the rest are counted. */
const NAMED = 5;

/** `written` (without its `!`) in GitHub's form: `./` and `/` at the start dropped, a trailing `/` read as `/**`. */
export function readForm(written: string): PatternForm {
  const rooted = written.replace(LEADING_ROOT, '');
  // `src/**/` is all of `src` already: `src/**`, not `src/**/**`.
  const folders = rooted === '**/' || rooted.endsWith('/**/');
  const glob = !rooted.endsWith('/') ? rooted : folders ? rooted.slice(0, -1) : `${rooted}**`;
  return glob === written ? { glob } : { glob, instead: glob };
}

/** The quote or backtick around all of `text`, if one is. */
function surroundingQuote(text: string): string | undefined {
  const first = text.charAt(0);
  return text.length >= 2 && QUOTES[first] !== undefined && text.endsWith(first) ? first : undefined;
}

/** Why `text` cannot be a pattern when it was pasted from a YAML list, naming the pattern to write; undefined otherwise. */
export function pastedProblem(text: string): string | undefined {
  const marker = LIST_MARKER.exec(text)?.[0];
  const item = marker === undefined ? text : text.slice(marker.length);
  // `- '!src/**'` and `!'src/**'` alike.
  const exclude = item.startsWith('!') && surroundingQuote(item.slice(1)) !== undefined;
  const body = exclude ? item.slice(1) : item;
  const quote = surroundingQuote(body);
  if (marker === undefined && quote === undefined) return undefined;
  const bare = `${exclude ? '!' : ''}${quote === undefined ? body : body.slice(1, -1).trim()}`;
  const bareExclude = bare.startsWith('!');
  const glob = readForm(bare.slice(bareExclude ? 1 : 0).trim()).glob;
  const quotes = quote === undefined ? undefined : QUOTES[quote];
  const what = quotes === undefined ? 'a YAML list item' : marker === undefined ? `in ${quotes}` : `a YAML list item in ${quotes}`;
  const extra =
    quotes === undefined ? "the list marker '- '" : marker === undefined ? `the ${quotes}` : `the list marker '- ' and the ${quotes}`;
  const write = glob === '' ? 'remove them' : `write ${bareExclude ? '!' : ''}${glob} instead`;
  return `(${text}) is ${what}: 'change-paths' takes each pattern as it stands, so ${extra} would be part of it and match nothing; ${write}`;
}

/** The one warning for the patterns GitHub's filters would read otherwise, or undefined when there are none. */
export function otherFormsWarning(patterns: readonly { readonly text: string; readonly instead?: string }[]): string | undefined {
  const others = patterns.flatMap((pattern) => (pattern.instead === undefined ? [] : [{ text: pattern.text, instead: pattern.instead }]));
  if (others.length === 0) return undefined;
  const more = others.length > NAMED ? ` and ${others.length - NAMED} more` : '';
  const named = others.slice(0, NAMED);
  const written = named.map((pattern) => `'${pattern.text}'`).join(', ') + more;
  const instead = named.map((pattern) => `'${pattern.instead}'`).join(', ');
  const one = others.length === 1;
  return (
    `Input 'change-paths': ${written} ${one ? 'is' : 'are'} read here as ${instead}${more === '' ? '' : ' and so on'}, ` +
    "but GitHub's path filters (on.push.paths) match nothing with a trailing '/' or a leading './' or '/': " +
    `write ${one ? 'that' : 'those'}, which ${one ? 'means' : 'mean'} the same in both.`
  );
}

/** One `change-paths` pattern as written, or why it cannot be one. */
export function readPattern(text: string): PathPattern | { readonly problem: string } {
  const pasted = pastedProblem(text);
  if (pasted !== undefined) return { problem: pasted };
  const exclude = text.startsWith('!');
  const { glob, instead } = readForm((exclude ? text.slice(1) : text).trim());
  const pattern = parsePattern(`${exclude ? '!' : ''}${glob}`, text);
  return 'problem' in pattern || instead === undefined ? pattern : { ...pattern, instead: `${exclude ? '!' : ''}${instead}` };
}
