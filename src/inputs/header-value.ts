/**
 * Keys and tokens travel in headers: RFC 9110 allows visible ASCII (and, obsolete, Latin-1), and undici refuses anything else
 * only when sending, which looks like a request that failed on the way. So they are checked before any request.
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

/** `U+200B (zero-width space) at character 12`, without quoting the value (a secret); undefined when all are fine. */
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
