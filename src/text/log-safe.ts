/**
 * For every log line, annotation and group title (src/log.ts). The runner takes a line starting with `::`, and `##[command]`
 * anywhere, as a workflow command, so a hostile answer could fail the step, mask text or set outputs; ESC and C1 controls
 * drive the terminal, U+2028/U+2029 break lines in some viewers. All are shown escaped, `##[` broken up. Idempotent.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function logSafe(text: string): string {
  return text.replace(CONTROL, (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(/##\[/g, '##\\[');
}
