/**
 * Octokit's `request.fetch` under exchange.ts's rules: redirects not followed (credentials stay with their origin), body capped,
 * a timeout per request, ends when the run aborts. What they refuse is thrown as an `AttemptError` for the retry loop.
 */
import { Headers, Response, fetch, type Dispatcher } from 'undici';
import { ABORTED, bodyCutShort, bodyTooLarge, networkFailure, notJson, parseJson, readCapped, redirected, timedOut } from './exchange.js';
import { MAX_BODY_BYTES, type AttemptFailure } from './transport.js';

export class AttemptError extends Error {
  override readonly name = 'AttemptError';

  constructor(readonly failure: AttemptFailure) {
    super(failure.detail);
  }
}

export interface PolicyFetchOptions {
  readonly dispatcher: Dispatcher;
  readonly timeoutMs: number;
  readonly secrets: readonly string[];
  readonly signal?: AbortSignal;
  readonly maxBodyBytes?: number;
}

/** What Octokit passes; anything else is ignored. */
export interface PolicyFetchInit {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal | null;
}

export type PolicyFetch = (url: string, init?: PolicyFetchInit) => Promise<Response>;

/** undici's fetch wraps the network's error in `TypeError('fetch failed')`: the cause says what happened. */
function networkError(error: unknown): unknown {
  return error instanceof TypeError && error.cause instanceof Error ? error.cause : error;
}

/** Whether the request asked for JSON (GitHub's `application/vnd.github…+json` included). */
function asksForJson(headers: Readonly<Record<string, string>> | undefined): boolean {
  const accept = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'accept')?.[1];
  return accept === undefined || /json/i.test(accept);
}

export function policyFetch(options: PolicyFetchOptions): PolicyFetch {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  return async (url, init = {}) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signals = [timeout, options.signal, init.signal ?? undefined].filter((signal) => signal !== undefined);
    const aborted = (): boolean => options.signal?.aborted === true || init.signal?.aborted === true;
    const fail = (failure: AttemptFailure): never => {
      throw new AttemptError(failure);
    };
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: { ...init.headers },
        ...(init.body !== undefined && { body: init.body }),
        dispatcher: options.dispatcher,
        redirect: 'manual',
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (aborted()) return fail(ABORTED);
      if (timeout.aborted) return fail(timedOut(options.timeoutMs));
      return fail(networkFailure(networkError(error), options.secrets));
    }
    const { status } = response;
    let bytes: Buffer | undefined;
    try {
      bytes = response.body === null ? Buffer.alloc(0) : await readCapped(response.body, limit);
    } catch (error) {
      if (aborted()) return fail(ABORTED);
      return fail(bodyCutShort(status, networkError(error), options.secrets));
    }
    if (bytes === undefined) return fail(bodyTooLarge(status, limit));
    if (status >= 300 && status < 400) return fail(redirected(status, response.headers.get('location') ?? undefined, options.secrets));
    const empty = status === 204 || status === 205;
    const headers = new Headers(response.headers);
    if (!empty && asksForJson(init.headers)) {
      const text = bytes.toString('utf8');
      const json = parseJson(text) !== undefined;
      if (!json && status >= 200 && status < 300) return fail(notJson(status, text, options.secrets));
      // JSON is read as JSON, as exchange.ts reads it, even when the server named no type.
      if (json && !headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const answer = new Response(empty ? null : bytes, { status, statusText: response.statusText, headers });
    // An answer made from bytes has no URL of its own; Octokit's paging reads it.
    Object.defineProperty(answer, 'url', { value: response.url });
    return answer;
  };
}
