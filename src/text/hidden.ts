/**
 * Text GitHub does not show, removed from Markdown written outside the workflow (issues, comments, reviews, descriptions,
 * release notes) before a prompt quotes it, so the agent reads what a person on GitHub sees: HTML comments (one left open
 * hides the rest), link and image titles, alt text, HTML attributes (all but `href` and `src`) and tags of no element, link
 * reference definitions and reference labels (destinations are written inline), footnotes, a code block's info string past
 * its language, table cells beyond the header, and invisible characters written as entities. Code stays as written.
 *
 * The rules are GitHub's: cmark-gfm (CommonMark 0.29 with GitHub's extensions) decides what is code, raw HTML and link
 * syntax, the browser what raw HTML shows. The scanner visits each character a bounded number of times, however hostile the
 * text. Commit messages, titles, labels, branch names and paths are plain text on GitHub and do not go through it.
 */
import { MAX_OPEN, parseBlocks } from './markdown/blocks.js';
import { HtmlState } from './markdown/html-state.js';
import { Inlines } from './markdown/inlines.js';
import { Scan, type Edit, type HiddenKind } from './markdown/scan.js';
import { counted } from './plural.js';

export type { HiddenKind };

export interface Removed {
  /** How many of each kind were removed. */
  readonly pieces: Readonly<Partial<Record<HiddenKind, number>>>;
  /** Code points of the source taken out. */
  readonly characters: number;
}

export interface Visible {
  readonly text: string;
  readonly removed: Removed;
  /** Characters the scanner visited: a bounded multiple of the text's length (tests hold it to that). */
  readonly work: number;
}

export const NOTHING_REMOVED: Removed = { pieces: {}, characters: 0 };

function codePoints(text: string, start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xdc00 || unit > 0xdfff || index === start) count++;
  }
  return count;
}

/**
 * Applies the edits in order. An edit inside one applied before it is dropped, and not counted;
 * so is a destination written after a `]` that was removed (a link inside a hidden stretch).
 */
function applyEdits(source: string, edits: readonly Edit[]): { readonly text: string; readonly removed: Removed } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const parts: string[] = [];
  const pieces: Partial<Record<HiddenKind, number>> = {};
  let characters = 0;
  /** How far the source is taken; and where the last removal ended (a destination written right after it belongs to it). */
  let cursor = 0;
  let removedTo = -1;
  for (const edit of sorted) {
    if (edit.start < cursor && edit.end <= cursor) continue;
    const start = Math.max(edit.start, cursor);
    parts.push(source.slice(cursor, start));
    if (edit.insert !== undefined && edit.start > removedTo) parts.push(edit.insert);
    if (edit.kind !== undefined) pieces[edit.kind] = (pieces[edit.kind] ?? 0) + 1;
    characters += codePoints(source, start, edit.end);
    cursor = Math.max(cursor, edit.end);
    if (edit.end > start) removedTo = cursor;
  }
  parts.push(source.slice(cursor));
  return { text: parts.join(''), removed: { pieces, characters } };
}

/** `markdown` as GitHub shows it to a reader, still as Markdown, with what it does not show removed. */
export function withoutHidden(markdown: string): Visible {
  const scan = new Scan(markdown);
  const blocks = parseBlocks(scan);
  const page = new HtmlState(scan);
  const footnotes = new Map<string, number>();
  for (const leaf of blocks.leaves) {
    if (leaf.kind === 'html') page.read(leaf.joined, 0, leaf.joined.text.length);
    else for (const raw of new Inlines(leaf.joined, blocks, footnotes, scan).run()) page.read(leaf.joined, raw.start, raw.end);
  }
  page.finish(markdown.length);
  return { ...applyEdits(markdown, scan.edits), work: scan.work };
}

export function addRemoved(a: Removed, b: Removed): Removed {
  const pieces: Partial<Record<HiddenKind, number>> = { ...a.pieces };
  for (const [kind, count] of Object.entries(b.pieces) as Array<[HiddenKind, number]>) pieces[kind] = (pieces[kind] ?? 0) + count;
  return { pieces, characters: a.characters + b.characters };
}

const NAMES: Readonly<Record<HiddenKind, readonly [string, string]>> = {
  comment: ['HTML comment', 'HTML comments'],
  title: ['title', 'titles'],
  alt: ["image's alt text", "images' alt texts"],
  attribute: ['HTML attribute', 'HTML attributes'],
  tag: ['HTML tag of no element', 'HTML tags of no element'],
  definition: ['link reference definition', 'link reference definitions'],
  footnote: ['footnote', 'footnotes'],
  label: ['reference label', 'reference labels'],
  info: ["code block's info string", "code blocks' info strings"],
  cell: ['table cell beyond the header', 'table cells beyond the header'],
  entity: ['invisible character written as an HTML entity', 'invisible characters written as HTML entities'],
  nesting: [`text nested more than ${MAX_OPEN} levels deep`, `texts nested more than ${MAX_OPEN} levels deep`],
};

/** `2 HTML comments, 1 title (120 characters)`; undefined when nothing was removed. */
export function removedText(removed: Removed): string | undefined {
  const parts = (Object.keys(NAMES) as HiddenKind[]).flatMap((kind) => {
    const count = removed.pieces[kind] ?? 0;
    return count === 0 ? [] : [counted(count, ...NAMES[kind])];
  });
  if (parts.length === 0 && removed.characters === 0) return undefined;
  return `${parts.join(', ')} (${counted(removed.characters, 'character')})`;
}

/** `Removed what GitHub does not show from the description: 2 HTML comments (120 characters); …`, or undefined. */
export function removedNotice(parts: ReadonlyArray<readonly [where: string, removed: Removed]>): string | undefined {
  const said = parts.flatMap(([where, removed]) => {
    const text = removedText(removed);
    return text === undefined ? [] : [`${where}: ${text}`];
  });
  if (said.length === 0) return undefined;
  return `Removed what GitHub does not show from ${said.join('; from ')}. The agent reads what a person reading it on GitHub sees.`;
}
