/**
 * How much of an untrusted string the Markdown shows. The service can send a string of megabytes
 * (a model name, an id, a path); shown whole, one field would crowd everything else out of the
 * summary (1 MiB per step) or make a comment too long for GitHub (65,536 characters). Each field
 * is cut to its cap with an ellipsis; outputs and the export file keep the whole value.
 */

/** Caps, in characters, of the job's fields wherever they are shown (job card, issue comment). */
export const FIELD_CHARS = {
  jobId: 100,
  status: 60,
  model: 120,
  repository: 200,
  ref: 200,
  /** A longer pull-request URL is shown as text, not as a link: a cut URL would lead elsewhere. */
  link: 2000,
  /** The text of a link. */
  linkLabel: 200,
  /** Warnings and error messages quoted in the summary. */
  message: 2000,
} as const;

/** Longer paths are cut in the table; the export file has them whole. */
export const MAX_PATH_CHARS = 120;

/** A cut never splits a surrogate pair: drop a lone high surrogate at the end of `text`. */
function wholeEnd(text: string): string {
  return /[\ud800-\udbff]$/.test(text) ? text.slice(0, -1) : text;
}

/** A cut never splits a surrogate pair: drop a lone low surrogate at the start of `text`. */
function wholeStart(text: string): string {
  return /^[\udc00-\udfff]/.test(text) ? text.slice(1) : text;
}

/** At most `max` UTF-16 units, ending in an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${wholeEnd(text.slice(0, max - 1))}…`;
}

/**
 * At most `max` UTF-16 units, with the ellipsis in the middle when cut: for paths, whose last
 * segment is what tells two pages of one section apart.
 */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = Math.floor((max - 1) / 2);
  return `${wholeEnd(text.slice(0, max - 1 - tail))}…${wholeStart(text.slice(text.length - tail))}`;
}

/**
 * A path cut to `max` UTF-16 units so that it stays recognisable: its end as whole segments (what
 * tells two pages of one section apart), after as much of its start as fits, at least 10 units.
 * A last segment too long for that is cut in the middle instead.
 */
export function truncatePath(path: string, max: number): string {
  if (path.length <= max) return path;
  const HEAD_MIN = 10;
  let tail = '';
  for (let slash = path.lastIndexOf('/'); slash > 0; slash = path.lastIndexOf('/', slash - 1)) {
    if (path.length - slash > max - 1 - HEAD_MIN) break;
    tail = path.slice(slash);
  }
  if (tail === '') return truncateMiddle(path, max);
  const room = max - 1 - tail.length;
  // End the start at a segment boundary when that costs little: "/api-reference/…/create".
  const boundary = path.lastIndexOf('/', room - 1);
  const head = boundary > 0 && room - boundary - 1 <= HEAD_MIN ? path.slice(0, boundary + 1) : path.slice(0, room);
  return `${wholeEnd(head)}…${tail}`;
}
