/** Cuts for untrusted text shown with a cap: never half of a surrogate pair, an ellipsis where it was cut. */
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

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Code points, as GitHub counts a commit status's description; the cut falls between characters as a reader sees them (an
 * emoji sequence, a letter with its accents).
 */
export function truncateCodePoints(text: string, max: number): string {
  if (Array.from(text).length <= max) return text;
  let kept = '';
  let count = 0;
  for (const { segment } of GRAPHEMES.segment(text)) {
    const points = Array.from(segment).length;
    if (count + points > max - 1) break;
    kept += segment;
    count += points;
  }
  return `${kept}…`;
}

/** The ellipsis in the middle: a path's last segment is what tells two pages of one section apart. */
export function truncateMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = Math.floor((max - 1) / 2);
  return `${wholeEnd(text.slice(0, max - 1 - tail))}…${wholeStart(text.slice(text.length - tail))}`;
}

/**
 * Its end as whole segments, after as much of its start as fits (at least 10 units); a last segment too long for that is
 * cut in the middle instead.
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
