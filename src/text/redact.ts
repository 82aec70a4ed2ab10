/**
 * Text from the network (the service's error bodies, a gateway's HTML page, GitHub's answers) may
 * echo a secret. Before such text is quoted in an error, a warning or a comment warning, secrets
 * are removed from the whole text and only then is it shortened: a cut through a secret would leave
 * a piece that no longer matches the secret, and that piece would be printed.
 */

import { withoutEmails } from './emails.js';

/** Characters of untrusted text quoted in one message. */
export const QUOTE_CHARS = 300;

/** Secrets that are not ours but look like them, removed too: `mint_` admin keys and GitHub tokens. */
const SECRET_SHAPES: readonly (readonly [RegExp, string])[] = [
  [/mint_[A-Za-z0-9_-]{6,}/g, 'mint_***'],
  [/\b(gh[oprsu]_)[A-Za-z0-9]{20,}/g, '$1***'],
  [/\bgithub_pat_[A-Za-z0-9_]{20,}/g, 'github_pat_***'],
];

/** A secret of this run and the input it came from, so a refusal can name the input, never the value. */
export interface NamedSecret {
  readonly input: 'api-key' | 'github-token';
  readonly value: string;
}

/**
 * The first of `secrets` that `text` contains (compared in trimmed form, which every raw form
 * contains), or undefined. A prompt that carries one is refused: the agent, its pull request and the
 * service would all see it.
 */
export function containedSecret(text: string, secrets: readonly NamedSecret[]): NamedSecret | undefined {
  return secrets.find((secret) => secret.value !== '' && text.includes(secret.value));
}

/** Replaces each of `secrets` (4 characters or more) with `***`, and anything shaped like a key. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4) result = result.split(secret).join('***');
  }
  for (const [shape, replacement] of SECRET_SHAPES) result = result.replace(shape, replacement);
  return result;
}

/**
 * Untrusted text made fit to quote: secrets and e-mail addresses removed first (a body cut short
 * by a gateway can hold a reader's `contact`), then whitespace runs flattened to one space and the
 * result cut to `max` characters (gateways can answer with pages of HTML).
 */
export function quoteUntrusted(text: string, secrets: readonly string[], max: number): string {
  const flat = redactSecrets(withoutEmails(text), secrets).replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // Never end on half of a surrogate pair.
  const cut = /[\ud800-\udbff]$/.test(flat.slice(0, max)) ? max - 1 : max;
  return `${flat.slice(0, cut)}…`;
}
