/**
 * Invisible characters for tests, by class: every code point the action must remove from outside
 * text before a prompt, a summary or a comment sees it (Unicode's Default_Ignorable_Code_Point and
 * the format characters, `\p{Cf}`), and text hidden the way an attacker hides it.
 */

function range(first: number, last: number): string {
  return String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, index) => first + index));
}

/**
 * `text` spelled in tag characters (U+E0000 + its ASCII code), between LANGUAGE TAG (U+E0001) and
 * CANCEL TAG (U+E007F): GitHub shows nothing of it, a model reads it as the ASCII text.
 */
export function inTagCharacters(text: string): string {
  return `\u{E0001}${[...text].map((char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) ?? 0))).join('')}\u{E007F}`;
}

/** One string of each class, every code point of it. */
export const INVISIBLE_CLASSES: ReadonlyArray<readonly [name: string, characters: string]> = [
  ['tag characters U+E0001, U+E0020–E007F', `\u{E0001}${range(0xe0020, 0xe007f)}`],
  ['variation selectors U+FE00–FE0F, U+E0100–E01EF', range(0xfe00, 0xfe0f) + range(0xe0100, 0xe01ef)],
  ['the Arabic letter mark U+061C', '\u061c'],
  ['the Mongolian vowel separator U+180E', '\u180e'],
  ['the combining grapheme joiner U+034F', '\u034f'],
  ['Hangul fillers U+115F, U+1160, U+3164, U+FFA0', '\u115f\u1160\u3164\uffa0'],
  ['zero-width space, non-joiner, joiner and the directional marks U+200B–U+200F', range(0x200b, 0x200f)],
  ['bidirectional embeddings and overrides U+202A–U+202E', range(0x202a, 0x202e)],
  ['word joiner and invisible operators U+2060–U+2064', range(0x2060, 0x2064)],
  ['bidirectional isolates U+2066–U+2069', range(0x2066, 0x2069)],
  ['the byte-order mark U+FEFF', '\ufeff'],
  ['the soft hyphen U+00AD', '\u00ad'],
  [
    'other format characters (U+0600, U+FFF9–FFFB, U+1D173) and ignorable code points not yet assigned (U+2065, U+E0080)',
    '\u0600\ufff9\ufffa\ufffb\u{1D173}\u2065\u{E0080}',
  ],
];

/** A sentence with `characters` inside a word and before a space: it must read `Fix the typo in the guide.` */
export function hiddenIn(characters: string): string {
  return `Fix the ty${characters}po ${characters}in the guide.${characters}`;
}

export const VISIBLE_SENTENCE = 'Fix the typo in the guide.';

/** Any code point that must not reach a prompt, a summary or a comment from outside text. */
export const ANY_INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
