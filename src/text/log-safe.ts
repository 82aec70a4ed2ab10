/**
 * Text for one log line (src/log.ts applies it to every line, annotation and group title). The
 * runner takes a line that starts with `::` as a workflow command, and also the legacy `##[command]`
 * form anywhere in a line, so a hostile answer could fail the step, mask text or set outputs through
 * an ordinary log line; ESC and C1 controls drive the terminal, and U+2028/U+2029 break lines in some
 * viewers. Line breaks and all those controls are shown escaped, and `##[` is broken up. Idempotent:
 * escaping twice gives the same text.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function logSafe(text: string): string {
  return text.replace(CONTROL, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/##\[/g, '##\\[');
}
