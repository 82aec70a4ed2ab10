/**
 * Secrets travel in HTTP headers (`Authorization`). RFC 9110 allows a field value of visible ASCII
 * (and, obsolete, Latin-1); undici refuses anything else only when it sends the request, which the
 * client cannot tell apart from a request that failed on the way. Keys and tokens are therefore
 * checked here, before any request: visible ASCII only (whitespace is reported separately).
 */
const INVISIBLE_NAMES: Readonly<Record<number, string>> = {
  0x00a0: 'no-break space',
  0x00ad: 'soft hyphen',
  0x200b: 'zero-width space',
  0x200c: 'zero-width non-joiner',
  0x200d: 'zero-width joiner',
  0x2060: 'word joiner',
  0xfeff: 'byte order mark',
};

/**
 * Describes the first character of `value` that cannot go into a header, without quoting the
 * value (it is a secret): `U+200B (zero-width space) at character 12`. Undefined when all are fine.
 */
export function nonHeaderCharacter(value: string): string | undefined {
  let position = 0;
  for (const character of value) {
    position++;
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0x21 && code <= 0x7e) continue;
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const name = INVISIBLE_NAMES[code];
    return `${hex}${name === undefined ? '' : ` (${name})`} at character ${position}`;
  }
  return undefined;
}
