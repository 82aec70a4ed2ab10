/** One HTTP exchange, every failure an `AttemptFailure` for the retry loop (retry.ts). No `@actions/*` import. */
import { request, type Dispatcher } from 'undici';
import { QUOTE_CHARS, quoteUntrusted, redactSecrets } from '../text/redact.js';
import { MAX_BODY_BYTES, classifyNetworkError, parseRetryAfter, type AttemptFailure, type HttpMethod } from './transport.js';

export interface Exchange {
  readonly method: HttpMethod;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
  /** Removed from any text of the answer quoted in a failure, before it is shortened. */
  readonly secrets: readonly string[];
  readonly signal?: AbortSignal;
  readonly maxBodyBytes?: number;
}

export interface ExchangeHeaders {
  readonly link?: string;
}

/** A body that is not JSON (a gateway's HTML page) is quoted shorter than an error body: it is mostly markup. */
export const PAGE_QUOTE_CHARS = 120;

/** No answer within the request's own timeout: the server may have acted on it. */
export function timedOut(timeoutMs: number): AttemptFailure {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000}s` : `${timeoutMs}ms`;
  return { kind: 'lost', detail: `no answer within ${limit} (request-timeout)`, timedOut: true };
}

export const ABORTED: AttemptFailure = { kind: 'lost', detail: 'the request was aborted: the run is being cancelled', aborted: true };

export type ExchangeResult =
  /** `json` is undefined for 204 No Content. */
  | { readonly ok: true; readonly status: number; readonly json: unknown; readonly headers: ExchangeHeaders }
  | { readonly ok: false; readonly failure: AttemptFailure; readonly json?: unknown };

/** Undefined when the body is over `limit`; leaving the loop early destroys the body, so the rest is never read. */
export async function readCapped(body: AsyncIterable<Uint8Array | string>, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Redacted too: the message may quote the peer. */
export function networkFailure(error: unknown, secrets: readonly string[]): AttemptFailure {
  const failure = classifyNetworkError(error);
  return { ...failure, detail: redactSecrets(failure.detail, secrets) };
}

/** The headers came, the body was cut: the server did act on the request. */
export function bodyCutShort(status: number, error: unknown, secrets: readonly string[]): AttemptFailure {
  const failure = networkFailure(error, secrets);
  return { kind: status < 300 ? 'bad-body' : 'lost', detail: `HTTP ${status}, body cut short (${failure.detail})` };
}

export function bodyTooLarge(status: number, limit: number): AttemptFailure {
  return { kind: 'bad-body', detail: `HTTP ${status}, body larger than ${limit} bytes`, tooLarge: true };
}

export function notJson(status: number, text: string, secrets: readonly string[]): AttemptFailure {
  const what = text.trim() === '' ? 'an empty body' : `a body that is not JSON: ${quoteUntrusted(text, secrets, PAGE_QUOTE_CHARS)}`;
  return { kind: 'bad-body', detail: `HTTP ${status} with ${what}` };
}

/** A redirect is not followed (the credentials stay with the origin they were meant for): it is the answer. */
export function redirected(status: number, location: string | undefined, secrets: readonly string[]): AttemptFailure {
  const where = location === undefined ? '(no location)' : quoteUntrusted(location, secrets, QUOTE_CHARS);
  return { kind: 'status', status, detail: `redirect to ${where}` };
}

export async function exchange(dispatcher: Dispatcher, call: Exchange, now: () => number): Promise<ExchangeResult> {
  let response: Dispatcher.ResponseData;
  const timeout = AbortSignal.timeout(call.timeoutMs);
  try {
    response = await request(call.url, {
      method: call.method,
      headers: call.headers,
      body: call.body,
      dispatcher,
      signal: call.signal === undefined ? timeout : AbortSignal.any([timeout, call.signal]),
    });
  } catch (error) {
    if (call.signal?.aborted === true) return { ok: false, failure: ABORTED };
    if (timeout.aborted) return { ok: false, failure: timedOut(call.timeoutMs) };
    return { ok: false, failure: networkFailure(error, call.secrets) };
  }
  const { statusCode: status } = response;
  const limit = call.maxBodyBytes ?? MAX_BODY_BYTES;
  let bytes: Buffer | undefined;
  try {
    bytes = await readCapped(response.body, limit);
  } catch (error) {
    if (call.signal?.aborted === true) return { ok: false, failure: ABORTED };
    return { ok: false, failure: bodyCutShort(status, error, call.secrets) };
  }
  if (bytes === undefined) return { ok: false, failure: bodyTooLarge(status, limit) };
  if (status === 204) return { ok: true, status, json: undefined, headers: {} };
  const text = bytes.toString('utf8');
  const parsed = parseJson(text);
  if (status >= 200 && status < 300) {
    if (parsed === undefined) return { ok: false, failure: notJson(status, text, call.secrets) };
    const link = headerValue(response.headers['link']);
    return { ok: true, status, json: parsed.value, headers: link === undefined ? {} : { link } };
  }
  const json = parsed === undefined ? {} : { json: parsed.value };
  if (status >= 300 && status < 400) {
    return { ok: false, failure: redirected(status, headerValue(response.headers['location']), call.secrets), ...json };
  }
  const retryAfterMs = parseRetryAfter(headerValue(response.headers['retry-after']), now());
  const detail = quoteUntrusted(text, call.secrets, parsed === undefined ? PAGE_QUOTE_CHARS : QUOTE_CHARS);
  return {
    ok: false,
    failure: { kind: 'status', status, detail, ...(retryAfterMs !== undefined && { retryAfterMs }) },
    ...json,
  };
}
