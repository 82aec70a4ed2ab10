/**
 * Escaping for text that comes from the service (paths, models, links) before it goes into
 * Markdown that GitHub renders: no HTML, no links, no mentions, no table breaks can be injected.
 */

const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Characters that carry meaning in GitHub Markdown, turned into numeric entities. */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!|~@:^$]/g;

/** Plain text safe for a Markdown paragraph or a table cell. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(/[&<>"']/g, (char) => ENTITY[char] ?? char)
      .replace(MARKDOWN_SPECIAL, (char) => `&#${char.charCodeAt(0)};`)
  );
}

/**
 * Text for an inline code span: backticks cannot be escaped inside one, so they are replaced; a
 * pipe would still end a table cell, so it is escaped the way GFM tables allow.
 */
export function escapeCode(value: string): string {
  return `\`${value
    .replace(/[\r\n]+/g, ' ')
    .replace(/`/g, "'")
    .replace(/\|/g, '\\|')}\``;
}

/**
 * A Markdown link to a URL from the service, only when it is an http(s) URL; otherwise the URL is
 * shown as escaped text. The href is re-serialised with the characters Markdown cares about
 * percent-encoded.
 */
export function markdownLink(label: string, href: string | undefined): string {
  if (href === undefined) return '';
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return escapeText(href);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return escapeText(href);
  const safeHref = url.href.replace(/[()<>\s"'`[\]|]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `[${escapeText(label)}](${safeHref})`;
}

/** One Markdown table row from already-escaped cells. */
export function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}
