/**
 * Text from the network may hold a secret: a reader can paste the key into a search, a service echo it in an error.
 * `redactSecrets` is the one function that takes them out, before the text is escaped, quoted or cut: an escaped or
 * shortened secret no longer matches, and the runner's mask would miss it too.
 */

import { normaliseText, withoutEmails } from './emails.js';
import { withoutInvisible } from './invisible.js';

/** Characters of untrusted text quoted in one message. */
export const QUOTE_CHARS = 300;

export const REDACTED = '[redacted]';

/** Where any of SECRET_SHAPES could start. */
const ANY_SHAPE = /mint_|gh[oprsu]_|github_pat_/;
/** Not the run's own but looking like them: `mint_` admin keys and GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`). */
const SECRET_SHAPES: readonly RegExp[] = [/mint_[A-Za-z0-9_-]{6,}/g, /gh[oprsu]_[A-Za-z0-9]{20,}/g, /github_pat_[A-Za-z0-9_]{20,}/g];

/** A secret of this run and the input it came from, so a refusal can name the input, never the value. */
export interface NamedSecret {
  readonly input: 'api-key' | 'github-token' | 'docs-token';
  readonly value: string;
}

/** How a caller refuses a prompt that carries a secret: its subject, its fix and its error type. */
export interface SecretRefusal {
  /** What carries the secret, as the message starts: "Input 'prompt': the prompt", "The instruction". */
  readonly what: string;
  /** What to do, one sentence; none when there is nothing the user can change. */
  readonly fix?: string;
  readonly error: (message: string) => Error;
}

/** Compared trimmed (every raw form contains it): the agent, its pull request and the service would all see it. */
export function refuseSecrets(prompt: string, secrets: readonly NamedSecret[], refusal: SecretRefusal): string {
  const found = secrets.find((secret) => secret.value !== '' && prompt.includes(secret.value));
  if (found === undefined) return prompt;
  const fix = refusal.fix === undefined ? '' : ` ${refusal.fix}`;
  throw refusal.error(
    `${refusal.what} contains the value of '${found.input}', so it was not sent: the agent, its pull request and the service would see the secret.${fix}`,
  );
}

/** Replaces each of `secrets` (4 characters or more), and anything shaped like a key or token, with REDACTED. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= 4 && result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  // Most text holds no key shape at all: one test instead of three replacements (paths come by the 100,000).
  if (!ANY_SHAPE.test(result)) return result;
  for (const shape of SECRET_SHAPES) result = result.replace(shape, REDACTED);
  return result;
}

/** Normalised first, so a key typed in full-width letters or with invisible characters inside is found too. */
export function cleanReaderText(text: string, secrets: readonly string[]): string {
  return withoutEmails(redactSecrets(normaliseText(text), secrets));
}

/** Cleaned first (a body a gateway cut short can hold a reader's `contact`), then flattened and cut (gateways send pages of HTML). */
export function quoteUntrusted(text: string, secrets: readonly string[], max: number): string {
  const flat = redactSecrets(withoutInvisible(withoutEmails(text)), secrets)
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  // Never end on half of a surrogate pair.
  const cut = /[\ud800-\udbff]$/.test(flat.slice(0, max)) ? max - 1 : max;
  return `${flat.slice(0, cut)}…`;
}
