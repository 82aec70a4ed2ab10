/**
 * Words for ranking: a text's names split where a reader would split them (`getUserById` → get,
 * user, by, id; `MAX_RETRIES` → max, retries), lower-cased, with common English and Markdown words
 * and plural endings dropped, so `retries` in a page and `retry` in a path meet.
 */
import { scanTokens } from './scan.js';

const STOPWORDS = new Set(
  (
    'a an and are as at be by can do does for from has have how i if in into is it its may more must no not of on or our out ' +
    'so such than that the their then there these they this to too us use used uses using was we were what when where which ' +
    'while who will with you your yours all any also each every here just like make makes need needs new now one only other ' +
    'same see should some very via want way would about after before but both could did get gets got had him his her its let ' +
    'mdx md http https www com org io html div span class classname style src href img alt true false null none nil undefined ' +
    'const let var return import export default function def self this string number boolean example examples note tip warning ' +
    'info card cards tab tabs step steps accordion codegroup param field response type'
  ).split(' '),
);

/** A word's stem for matching: plural and a few verb endings removed. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|us|is)$/.test(word)) return word;
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * The parts of one name: split at `_`, `-`, `.`, `/`, digits and lower-to-upper changes. The split
 * before an acronym's last capital (`HTTPServer`) looks one capital ahead: `([A-Z]+)([A-Z][a-z])`
 * would try every capital of a long run from each of its capitals, time that grows with the square.
 */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .split(/[^A-Za-z]+/)
    .filter((part) => part !== '');
}

/** The ranking words of one token (`getUserById` → get, user, by, id, getuserbyid). */
export function tokenWords(token: string): readonly string[] {
  const parts = nameParts(token);
  const out: string[] = [];
  for (const part of parts) {
    const lower = part.toLowerCase();
    if (lower.length >= 2 && !STOPWORDS.has(lower)) out.push(stem(lower));
  }
  if (parts.length > 1) out.push(token.toLowerCase());
  return out;
}

/** The ranking words of a text, in order (repeats kept: they count). */
export function words(text: string): string[] {
  const out: string[] = [];
  scanTokens(text, (token) => {
    for (const word of tokenWords(token)) out.push(word);
  });
  return out;
}

/** Path segments that say where code is kept, not what it is. */
const GENERIC_SEGMENTS = new Set(
  (
    'src lib libs app apps packages package pkg internal cmd core common shared utils util helpers helper index main init mod ' +
    'base impl components component server client services service modules module source sources python js ts go rs py tsx jsx ' +
    'types type interfaces models model handlers handler api v1 v2 v3 default defaults'
  ).split(' '),
);

/** The words of changed paths that say what the code is (`providers/slack_provider.py` → provider, slack). */
export function pathWords(path: string): string[] {
  const segments = path.replace(/\.[A-Za-z0-9]+$/, '').split('/');
  const found = new Set<string>();
  for (const segment of segments) {
    if (GENERIC_SEGMENTS.has(segment.toLowerCase())) continue;
    for (const part of nameParts(segment)) {
      const word = stem(part.toLowerCase());
      if (word.length >= 3 && !GENERIC_SEGMENTS.has(word)) found.add(word);
    }
  }
  return [...found];
}

/** A name only code has: parts joined by `_`, `-` or `.`, a lower-to-upper change, a digit, a flag, a route. */
export function isCodeShaped(name: string): boolean {
  return /^--?\w|^\/|^[A-Z]+ \/|[A-Za-z0-9][_.-][A-Za-z0-9]|[a-z][A-Z]|[A-Za-z][0-9]/.test(name);
}
