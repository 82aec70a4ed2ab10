/**
 * `encodeURIComponent` throws on a lone surrogate, which a tag, branch or login from an event payload may carry: each becomes
 * U+FFFD first, so encoding never throws and the server answers for the name it was given (usually 404).
 */

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with every lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

/** One path segment or query value, percent-encoded; never throws. */
export function encodeSegment(text: string): string {
  return encodeURIComponent(wellFormed(text));
}

/** A path of segments, each percent-encoded, its `/` kept; never throws. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeSegment).join('/');
}
