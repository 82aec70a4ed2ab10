/**
 * One HTTP exchange: send, read a size-capped body, and turn every failure into an `AttemptFailure`
 * for the retry policy. No retries here, and no `@actions/*` import.
 */
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
  /** Aborts the request when the run is cancelled; its failure is then never retried. */
  readonly signal?: AbortSignal;
  /** A body larger than this is not read; MAX_BODY_BYTES unless the caller expects larger answers. */
  readonly maxBodyBytes?: number;
}

/** The answer's headers a caller may read (GitHub pages with `link`). */
export interface ExchangeHeaders {
  readonly link?: string;
}

/** A body that is not JSON (a gateway's HTML page) is quoted shorter than an error body: it is mostly markup. */
export const PAGE_QUOTE_CHARS = 120;

/** No answer within the request's own timeout: the server may have acted on it. */
function timedOut(timeoutMs: number): AttemptFailure {
  const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000}s` : `${timeoutMs}ms`;
  return { kind: 'lost', detail: `no answer within ${limit} (request-timeout)`, timedOut: true };
}

/** The run aborted the request: whatever the server did, this run no longer waits for it. */
const ABORTED: AttemptFailure = { kind: 'lost', detail: 'the request was aborted: the run is being cancelled', aborted: true };

export type ExchangeResult =
  /** `json` is undefined for 204 No Content. */
  | { readonly ok: true; readonly status: number; readonly json: unknown; readonly headers: ExchangeHeaders }
  | { readonly ok: false; readonly failure: AttemptFailure; readonly json?: unknown };

/** Reads at most `limit` bytes; undefined when the body is larger (the rest is discarded). */
async function readCapped(body: Dispatcher.ResponseData['body'], limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) {
      body.destroy();
      return undefined;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A thrown network error as a failure; its message is redacted too, as it may quote the peer. */
function networkFailure(error: unknown, secrets: readonly string[]): AttemptFailure {
  const failure = classifyNetworkError(error);
  return { ...failure, detail: redactSecrets(failure.detail, secrets) };
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
  let text: string | undefined;
  try {
    text = await readCapped(response.body, call.maxBodyBytes ?? MAX_BODY_BYTES);
  } catch (error) {
    if (call.signal?.aborted === true) return { ok: false, failure: ABORTED };
    // The headers came, the body was cut: the service did act on the request.
    const failure = networkFailure(error, call.secrets);
    return {
      ok: false,
      failure: { kind: status < 300 ? 'bad-body' : 'lost', detail: `HTTP ${status}, body cut short (${failure.detail})` },
    };
  }
  if (text === undefined) {
    const limit = call.maxBodyBytes ?? MAX_BODY_BYTES;
    return { ok: false, failure: { kind: 'bad-body', detail: `HTTP ${status}, body larger than ${limit} bytes`, tooLarge: true } };
  }
  if (status === 204) return { ok: true, status, json: undefined, headers: {} };
  const parsed = parseJson(text);
  if (status >= 200 && status < 300) {
    if (parsed === undefined) {
      const what =
        text.trim() === '' ? 'an empty body' : `a body that is not JSON: ${quoteUntrusted(text, call.secrets, PAGE_QUOTE_CHARS)}`;
      return { ok: false, failure: { kind: 'bad-body', detail: `HTTP ${status} with ${what}` } };
    }
    const link = headerValue(response.headers['link']);
    return { ok: true, status, json: parsed.value, headers: link === undefined ? {} : { link } };
  }
  const retryAfterMs = parseRetryAfter(headerValue(response.headers['retry-after']), now());
  const location = headerValue(response.headers['location']);
  const detail =
    status >= 300 && status < 400
      ? `redirect to ${location === undefined ? '(no location)' : quoteUntrusted(location, call.secrets, QUOTE_CHARS)}`
      : quoteUntrusted(text, call.secrets, parsed === undefined ? PAGE_QUOTE_CHARS : QUOTE_CHARS);
  return {
    ok: false,
    failure: { kind: 'status', status, detail, ...(retryAfterMs !== undefined && { retryAfterMs }) },
    ...(parsed !== undefined && { json: parsed.value }),
  };
}
