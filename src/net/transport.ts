/**
 * Network policy of both clients, the service's (exchange.ts) and GitHub's Octokit (fetch.ts), retried by retry.ts:
 * - GET (poll a job, read a visitors page, read GitHub) is safe to repeat: retried on anything that may pass (network
 *   errors, timeouts, 429, 5xx, 2xx bodies that are HTML, empty or cut short). PATCH and DELETE on GitHub (rewrite a
 *   comment with the same text, delete one) end in the same state however often they arrive: retried like GET.
 * - POST (create a job, send a message, write a comment) is NOT idempotent: a retry after a lost answer can start a
 *   second agent and open a second pull request, or post a comment twice. It is retried only when the server certainly
 *   did not act: a 429, or a connection never made (refused, DNS failure, connect timeout, proxy refused the tunnel).
 *   A 5xx, a reset or a timeout after sending are reported, not retried. An untrusted TLS certificate is "not sent"
 *   too, but never retried: it will not change.
 * - A request the run aborts (the workflow was cancelled) is never retried.
 * - 400, 401, 403, 404 and redirects are never retried: the answer would be the same. Redirects are not followed, so
 *   the key (or GitHub's token) never goes to another origin.
 * - Only https to a named host goes through a proxy (proxy-env.ts), so the key never crosses a proxy in clear.
 * - Waits grow exponentially with jitter (runners do not retry in step) and honour `Retry-After` (delay-seconds or an
 *   HTTP-date, read strictly). No wait passes the run's deadline: a longer `Retry-After` ends the request with an
 *   error that says so.
 */
import { Agent, Dispatcher, ProxyAgent } from 'undici';
import { describeProxy, proxySettingFor, readProxyEnv, type ProxyEnv, type ProxySetting } from './proxy-env.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set(['GET', 'PATCH', 'DELETE']);

/** An untrusted server certificate, found in the TLS handshake before the request is written (typical of a TLS-inspecting proxy). */
export const TLS_CERTIFICATE_CODES: readonly string[] = [
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
];

export type AttemptFailure =
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterMs?: number; readonly detail: string }
  /** The connection was never made: the service cannot have seen the request. */
  | { readonly kind: 'not-sent'; readonly detail: string; readonly untrustedCertificate?: boolean }
  /** The request may have reached the service; its answer was lost (a reset, `request-timeout`, the run's abort). */
  | { readonly kind: 'lost'; readonly detail: string; readonly timedOut?: boolean; readonly aborted?: boolean }
  /** A 2xx whose body is not JSON (HTML from a gateway, empty, truncated) or too large. */
  | { readonly kind: 'bad-body'; readonly detail: string; readonly tooLarge?: boolean };

/** Attempts per request, first try included. */
export const MAX_ATTEMPTS = 6;
/** Bodies above this are not read: no payload of this API comes close (250 rows are ~30 KB). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function isRetryable(method: HttpMethod, failure: AttemptFailure): boolean {
  switch (failure.kind) {
    case 'not-sent':
      // An untrusted certificate stays untrusted: retrying only delays the error.
      return failure.untrustedCertificate !== true;
    case 'status':
      if (failure.status === 429) return true;
      return IDEMPOTENT.has(method) && (failure.status >= 500 || failure.status === 408);
    case 'lost':
      return IDEMPOTENT.has(method) && failure.aborted !== true;
    case 'bad-body':
      return IDEMPOTENT.has(method) && failure.tooLarge !== true;
  }
}

export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly random: () => number;
}

/** Wait before attempt `attempt + 1` (attempt counts from 1): the service's `Retry-After` when it sent one. */
export function retryDelayMs(attempt: number, failure: AttemptFailure, backoff: BackoffOptions): number {
  if (failure.kind === 'status' && failure.retryAfterMs !== undefined) return failure.retryAfterMs;
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempt - 1));
  // "Equal jitter": at least half the step, so a retry never comes right back.
  return Math.round(exponential / 2 + (exponential / 2) * backoff.random());
}

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 9110 HTTP-date: IMF-fixdate, and the obsolete RFC 850 and asctime forms recipients must accept. */
const IMF_FIXDATE = new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`);

/** Strict (RFC 9110): `-5`, `2, 3` or `1.5` gives undefined and the backoff; read loosely, they are long-past dates: "retry at once". */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  let date: number;
  if (IMF_FIXDATE.test(value) || RFC850_DATE.test(value)) date = Date.parse(value);
  // asctime carries no zone; HTTP dates are GMT, but Date.parse would take it as local time.
  else if (ASCTIME_DATE.test(value)) date = Date.parse(`${value} GMT`);
  else return undefined;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Error codes that mean no byte of the request reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** Sorts a thrown network error into not-sent (safe to retry anything) or lost (ambiguous). */
export function classifyNetworkError(error: unknown): AttemptFailure {
  const codes = errorCodes(error);
  const message = error instanceof Error ? error.message : String(error);
  const detail = codes.length > 0 ? `${codes[0]}: ${message}` : message;
  if (codes.some((code) => TLS_CERTIFICATE_CODES.includes(code))) return { kind: 'not-sent', detail, untrustedCertificate: true };
  // A proxy that refuses the CONNECT tunnel never forwarded the request.
  if (codes.some((code) => NOT_SENT_CODES.has(code)) || /Proxy response \(\d+\)/.test(message)) {
    return { kind: 'not-sent', detail };
  }
  return { kind: 'lost', detail };
}

function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code: unknown = Reflect.get(current, 'code');
    if (typeof code === 'string') codes.push(code);
    current = Reflect.get(current, 'cause');
  }
  return codes;
}

export interface DispatcherOptions {
  readonly requestTimeoutMs: number;
  readonly proxyEnv?: ProxyEnv;
}

/** Routes by `proxySettingFor`, so an error message names the proxy the request used. */
class ProxyRouter extends Dispatcher {
  constructor(
    private readonly direct: Dispatcher,
    private readonly proxied: Dispatcher | undefined,
    private readonly proxyEnv: ProxyEnv,
  ) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return this.route(options.origin).dispatch(options, handler);
  }

  private route(origin: string | URL | undefined): Dispatcher {
    if (this.proxied === undefined || origin === undefined) return this.direct;
    return proxySettingFor(new URL(origin), this.proxyEnv) === undefined ? this.direct : this.proxied;
  }

  private all(): Dispatcher[] {
    return this.proxied === undefined ? [this.direct] : [this.direct, this.proxied];
  }

  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    return settle(Promise.all(this.all().map((dispatcher) => dispatcher.close())), callback);
  }

  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const error = typeof first === 'function' ? null : (first ?? null);
    const callback = typeof first === 'function' ? first : second;
    return settle(Promise.all(this.all().map((dispatcher) => dispatcher.destroy(error))), callback);
  }
}

/** undici's callback-or-promise convention. */
function settle(done: Promise<unknown>, callback: (() => void) | undefined): Promise<void> | void {
  const finished = done.then(() => undefined);
  if (callback === undefined) return finished;
  void finished.then(callback);
}

/** The proxy is built before any request, so a bad value is one clear error; timeouts end a hung connection in a retryable error. */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const proxyEnv = options.proxyEnv ?? readProxyEnv();
  const timeouts = {
    connectTimeout: Math.min(10_000, options.requestTimeoutMs),
    headersTimeout: options.requestTimeoutMs,
    bodyTimeout: options.requestTimeoutMs,
    keepAliveTimeout: 30_000,
  };
  return new ProxyRouter(new Agent(timeouts), proxyEnv.https && proxyAgent(proxyEnv.https, timeouts), proxyEnv);
}

function proxyAgent(setting: ProxySetting, timeouts: Agent.Options): ProxyAgent {
  try {
    return new ProxyAgent({ ...timeouts, uri: setting.value });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The proxy setting in ${setting.variable} cannot be used: ${reason}. Set it to a URL such as http://proxy.example:3128, or unset it.`,
      { cause: error },
    );
  }
}

/** The proxy that a request to `url` goes through, for error messages (credentials removed). */
export function proxyFor(url: URL, proxyEnv: ProxyEnv = readProxyEnv()): string | undefined {
  const setting = proxySettingFor(url, proxyEnv);
  return setting === undefined ? undefined : describeProxy(setting);
}
