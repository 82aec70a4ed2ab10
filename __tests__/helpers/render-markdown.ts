/**
 * What a reader sees of Markdown the action writes: rendered with a CommonMark/GFM renderer
 * (marked), then reduced to visible text. Tests of escapers compare this text with the input, so a
 * string escaped twice (`&amp;#39;` shown as `&#39;`) or not at all (a link, a heading) is caught.
 */
import { Marked } from 'marked';

const gfm = new Marked({ gfm: true, breaks: false });

/** The HTML GitHub-flavoured Markdown renders to. */
export function renderHtml(markdown: string): string {
  const html = gfm.parse(markdown, { async: false });
  return html;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities an HTML page shows as characters. */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** The text a reader sees: tags dropped, entities decoded, whitespace runs collapsed. */
export function visibleText(markdown: string): string {
  return decodeEntities(renderHtml(markdown).replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
