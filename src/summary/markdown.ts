/**
 * Text from the service in Markdown that GitHub renders: no HTML, links, mentions or table breaks can be injected, and a
 * reader sees the text as it came. Each function escapes exactly once: never pass its output through another escaper.
 */
import { withoutInvisible } from '../text/invisible.js';

/** Characters that carry meaning in GitHub Markdown or HTML; each becomes one entity, in one pass. */
const SPECIAL = /[&<>"'\\`*_{}[\]()#+\-.!|~@:^$]/g;
const NAMED_ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Line breaks and tabs: shown as one space, so a string cannot start a new block or table row. */
const BREAKS = /[\r\n\t\u2028\u2029]+/g;
/** Invisible characters (bidi controls, tag and zero-width characters) go first, by withoutInvisible: the joiner added here is one. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * An escaped `@` or `#` before a letter or digit could still start a mention (`@team`) or a reference (`#12`) if GitHub
 * decoded the entity before looking for them: a word joiner (U+2060) after the sign prevents it, invisibly.
 */
const MENTION_SIGN = /&#(64|35);(?=[\p{L}\p{N}_])/gu;
/** `GH-12` is an issue reference too (in any case): the joiner goes after its escaped hyphen. */
const GH_REFERENCE = /(?<![\p{L}\p{N}_])(gh)&#45;(?=\p{N})/giu;
const WORD_JOINER = '\u2060';

/** Plain text safe for a Markdown paragraph, a heading or a table cell. */
export function escapeText(value: string): string {
  return withoutInvisible(value)
    .replace(BREAKS, ' ')
    .replace(CONTROLS, '')
    .replace(SPECIAL, (char) => NAMED_ENTITY[char] ?? `&#${char.charCodeAt(0)};`)
    .replace(MENTION_SIGN, `&#$1;${WORD_JOINER}`)
    .replace(GH_REFERENCE, `$1&#45;${WORD_JOINER}`);
}

/**
 * What a code span shows exactly (ids, statuses, refs, usual paths). Anything else goes the escapeText way: a backtick would
 * close the span, a pipe end a table cell, and `\|` shows a backslash outside tables; GitHub shows markup inertly in code,
 * but escaped text does not depend on that.
 */
const CODE_SPAN_SAFE = /^[\p{L}\p{N}_.:,/+=~'"%&()-]+(?: +[\p{L}\p{N}_.:,/+=~'"%&()-]+)*$/u;

/** Otherwise escaped text, which a reader sees the same, only not in monospace. */
export function escapeCode(value: string): string {
  // Hangul fillers are letters to \p{L}: removed first, like every invisible character.
  const visible = withoutInvisible(value);
  return CODE_SPAN_SAFE.test(visible) ? `\`${visible}\`` : escapeText(visible);
}

function percentEncoded(char: string): string {
  return `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * `href` as a link's destination, only for an http(s) URL: re-serialised with what would end or change a link
 * destination percent-encoded (a backslash escapes the next character), and `&` as `&amp;`, so an entity-like `&amp;` in
 * the URL reaches the browser as it was.
 */
export function linkTarget(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.href.replace(/[()<>\s"'`[\]|\\]/g, percentEncoded).replace(/&/g, '&amp;');
}

/** A link only for an http(s) URL, else escaped text. */
export function markdownLink(label: string, href: string | undefined): string {
  if (href === undefined) return '';
  const target = linkTarget(href);
  return target === undefined ? escapeText(href) : `[${escapeText(label)}](${target})`;
}

/** One Markdown table row from already-escaped cells. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}
