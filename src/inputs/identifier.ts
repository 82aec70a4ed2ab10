/**
 * Ids are path segments of every request: only characters that never need percent-encoding, so nothing on the way (URL
 * parsing, a proxy, the service's router) can normalise one into another path: no `/`, `\`, `%`, no segment of dots only.
 */
const ID = /^[A-Za-z0-9._~-]+$/;
const MAX_ID_LENGTH = 256;

export const ID_FORM = `an id of letters, digits, '-', '_', '.' and '~' only, not made only of dots, at most ${MAX_ID_LENGTH} characters`;

/** Why `id` cannot be a path segment, or undefined when it can. */
export function idProblem(id: string): string | undefined {
  if (/\s/.test(id)) return 'contains whitespace';
  if (/[/\\%]/.test(id)) return "contains '/', '\\' or '%', which would change the path of the request";
  if (!ID.test(id)) return 'contains a character other than letters, digits, -, _, . and ~';
  if (/^\.+$/.test(id)) return 'is made only of dots, which would change the path of the request';
  if (id.length > MAX_ID_LENGTH) return `is longer than ${MAX_ID_LENGTH} characters`;
  return undefined;
}
