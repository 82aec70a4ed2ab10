/**
 * Text from the service (job ids, statuses) in a plain log line. The runner takes a line that starts
 * with `::` as a workflow command, and also the legacy `##[command]` form anywhere in a line, so a
 * hostile answer could fail the step, mask text or set outputs through an ordinary log line. Line
 * breaks and other control characters are shown escaped, and `##[` is broken up.
 * (Annotations, groups and outputs need none of this: @actions/core escapes their data.)
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function logSafe(text: string): string {
  return text.replace(CONTROL, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/##\[/g, '##\\[');
}
