/**
 * Client for the Mintlify agent-job (v2) and analytics (v1) APIs. It applies the network policy of
 * transport.ts; the dispatcher, clock, sleep and logger are injected, and it imports no `@actions/*`.
 */
import type { Dispatcher } from 'undici';
import { AmbiguousRequestError, AuthError, DeadlineError, NetworkError, ServiceError } from '../errors.js';
import { formatDuration } from '../inputs/duration.js';
import { parseCallerStats, parseFeedbackByPage, parseFeedbackList, parseSearchesPage, parseViewsPage } from './analytics-guards.js';
import type { AssistantCallerStats, FeedbackByPage, FeedbackList, SearchesPage, ViewsPage } from './analytics-types.js';
import { answerText, type AnswerRepairs, type AnswerText } from './answer-text.js';
import { errorText, parseJob, parseVisitorsPage } from './guards.js';
import { exchange } from '../net/exchange.js';
import { parseJobAnswer } from './job-answer.js';
import { QUOTE_CHARS } from '../text/redact.js';
import { withRetries } from '../net/retry.js';
import { MAX_ATTEMPTS, isRetryable, proxyFor, type AttemptFailure, type HttpMethod } from '../net/transport.js';
import type { Timing } from '../runtime.js';
import type { Job, VisitorsPage } from './types.js';
import { encodeSegment } from '../text/uri.js';

/** 404 from the service: a job that does not exist (yet). */
export class NotFoundError extends ServiceError {
  override readonly name = 'NotFoundError';
}

export interface ClientLogger {
  debug(message: string): void;
  warning(message: string): void;
}

/** `deadline`: retries never wait past it. */
export interface ClientOptions extends Timing {
  readonly baseUrl: URL;
  readonly apiKey: string;
  /**
   * The run's other secrets (the GitHub token): taken out of everything the service sends, with the
   * key, before any of it is kept, shown, exported or sent on.
   */
  readonly secrets?: readonly string[];
  readonly userAgent: string;
  readonly dispatcher: Dispatcher;
  readonly requestTimeoutMs: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly random: () => number;
  readonly log: ClientLogger;
  /**
   * The longest an analytics request waits for a `Retry-After` when the run has no job to wait for:
   * the step must not stay open for a report alone. A longer wait ends that report as incomplete.
   * Undefined: up to the deadline, like every other wait.
   */
  readonly analyticsWaitLimitMs?: number;
}

/** The report window as sent: `dateFrom`, `dateTo` (exclusive). */
export interface WindowQuery {
  readonly dateFrom?: string;
  readonly dateTo?: string;
}

/** Offset paging (visitors, views). */
export interface VisitorsQuery extends WindowQuery {
  readonly limit: number;
  readonly offset: number;
}

/** Cursor paging (searches, the feedback list); no cursor for the first page. */
export interface CursorQuery extends WindowQuery {
  readonly limit: number;
  readonly cursor?: string;
}

const KEYS_PAGE = 'https://app.mintlify.com/settings/organization/api-keys';

/** With no job to wait for, an analytics request waits at most this long for a `Retry-After`. */
export const ANALYTICS_WAIT_LIMIT_MS = 60_000;

export class MintlifyClient {
  /** Requests sent, retries included; reported in the summary and benchmarks. */
  requestCount = 0;
  /** How the answers' text is cleaned and their counts read: the run's secrets, the repairs made. */
  private readonly text: AnswerText;

  constructor(private readonly options: ClientOptions) {
    this.text = answerText([options.apiKey, ...(options.secrets ?? [])]);
  }

  /** What the guards corrected or left out of the analytics answers, per report (AnswerRepairs.take). */
  get repairs(): AnswerRepairs {
    return this.text.repairs;
  }

  /** A 2xx answer of the wrong shape throws `AmbiguousRequestError` with the id it shows, if any. */
  async createJob(projectId: string, prompt: string): Promise<Job> {
    const json = await this.call('POST', `/v2/agent/${enc(projectId)}/job`, 'create job', { prompt });
    return parseJobAnswer(json, 'create job', this.text);
  }

  /** A 2xx answer of the wrong shape throws `AmbiguousRequestError` naming `jobId`. */
  async sendMessage(projectId: string, jobId: string, prompt: string): Promise<Job> {
    const json = await this.call('POST', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}/message`, `message to job ${jobId}`, { prompt });
    return parseJobAnswer(json, `message to job ${jobId}`, this.text, jobId);
  }

  async getJob(projectId: string, jobId: string): Promise<Job> {
    const json = await this.call('GET', `/v2/agent/${enc(projectId)}/job/${enc(jobId)}`, `get job ${jobId}`);
    return parseJob(json, `get job ${jobId}`, this.text);
  }

  async getVisitors(projectId: string, query: VisitorsQuery): Promise<VisitorsPage> {
    return parseVisitorsPage(await this.getAnalytics(projectId, 'visitors', query, 'visitors report'), this.text);
  }

  async getViews(projectId: string, query: VisitorsQuery): Promise<ViewsPage> {
    return parseViewsPage(await this.getAnalytics(projectId, 'views', query, 'views report'), this.text);
  }

  async getSearches(projectId: string, query: CursorQuery): Promise<SearchesPage> {
    return parseSearchesPage(await this.getAnalytics(projectId, 'searches', query, 'searches report'), this.text);
  }

  /** One page only: the endpoint has neither offset nor cursor. */
  async getFeedbackByPage(projectId: string, query: WindowQuery & { readonly limit: number }): Promise<FeedbackByPage> {
    return parseFeedbackByPage(await this.getAnalytics(projectId, 'feedback/by-page', query, 'feedback by page'), this.text);
  }

  async getFeedback(projectId: string, query: CursorQuery): Promise<FeedbackList> {
    return parseFeedbackList(await this.getAnalytics(projectId, 'feedback', query, 'feedback list'), this.text);
  }

  async getAssistantCallerStats(projectId: string, query: WindowQuery): Promise<AssistantCallerStats> {
    return parseCallerStats(await this.getAnalytics(projectId, 'assistant/caller-stats', query, 'assistant caller stats'), this.text);
  }

  /** `GET /v1/analytics/{projectId}/{resource}` with the query's defined parameters, in their order. */
  private getAnalytics(projectId: string, resource: string, query: object, what: string): Promise<unknown> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (typeof value === 'string' || typeof value === 'number') params.set(name, String(value));
    }
    const search = params.size > 0 ? `?${params.toString()}` : '';
    return this.call('GET', `/v1/analytics/${enc(projectId)}/${resource}${search}`, what, undefined, this.options.analyticsWaitLimitMs);
  }

  /** Text the service sent, fit to quote in a message: the run's secrets and key-like strings removed, then shortened. */
  private quote(text: string, max: number): string {
    return this.text.quote(text, max);
  }

  /** `waitLimitMs`: the longest `Retry-After` wait besides the deadline (see analyticsWaitLimitMs). */
  private async call(method: HttpMethod, path: string, what: string, body?: unknown, waitLimitMs?: number): Promise<unknown> {
    const prefix = this.options.baseUrl.pathname.replace(/\/+$/, '');
    const url = new URL(prefix + path, this.options.baseUrl.origin);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { clock, sleep, deadline } = this.options;
    return withRetries<unknown, { readonly failure: AttemptFailure; readonly json?: unknown }>({
      policy: {
        clock,
        sleep,
        deadline,
        maxAttempts: MAX_ATTEMPTS,
        backoff: { baseMs: this.options.retryBaseMs, maxMs: this.options.retryMaxMs, random: this.options.random },
        ...(waitLimitMs !== undefined && { retryAfterLimitMs: waitLimitMs }),
      },
      send: async (attempt) => {
        this.requestCount++;
        this.options.log.debug(`${method} ${url.pathname}${url.search} (attempt ${attempt})`);
        const result = await exchange(
          this.options.dispatcher,
          {
            method,
            url,
            headers,
            timeoutMs: this.options.requestTimeoutMs,
            secrets: [this.options.apiKey, ...(this.options.secrets ?? [])],
            ...(payload !== undefined && { body: payload }),
          },
          clock,
        );
        // A failure's detail is redacted: it can quote a body (an HTML page, a cut-off answer) that echoes the key.
        return result.ok ? { ok: true, value: result.json } : { ok: false, failed: result };
      },
      retryable: ({ failure }) => isRetryable(method, failure),
      retrying: ({ failure }, attempt, delay) =>
        this.options.log.warning(
          `${what}: ${describeFailure(failure)}; retrying in ${formatDuration(delay)} (attempt ${attempt + 1} of ${MAX_ATTEMPTS}).`,
        ),
      stop: ({ failure, json }, attempt, stop) => {
        switch (stop.why) {
          case 'final':
            return this.finalError(method, what, url, failure, json, attempt);
          case 'deadline':
            return new DeadlineError(
              stop.asked
                ? `${what}: ${describeFailure(failure)}; the service asked to wait ${formatDuration(stop.delayMs)} (Retry-After), but the timeout ends in ${formatDuration(stop.leftMs)}.`
                : `${what}: ${describeFailure(failure)}; the next retry (in ${formatDuration(stop.delayMs)}) would pass the timeout.`,
              stop.asked ? stop.delayMs : undefined,
            );
          case 'wait-limit':
            return new DeadlineError(
              `${what}: ${describeFailure(failure)}; the service asked to wait ${formatDuration(stop.delayMs)} (Retry-After), longer than the ${formatDuration(stop.limitMs)} an analytics report waits when there is no job to wait for.`,
              stop.delayMs,
            );
        }
      },
    });
  }

  private finalError(method: HttpMethod, what: string, url: URL, failure: AttemptFailure, json: unknown, attempts: number): Error {
    const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
    switch (failure.kind) {
      case 'status': {
        // The service's own words, with anything that looks like a key removed, then shortened.
        const said = this.quote(errorText(json) ?? failure.detail, QUOTE_CHARS);
        if (failure.status === 403 && method === 'POST') {
          // Scoped keys exist: a read-only key may read jobs and analytics, but gets 403 on create and message.
          return new AuthError(
            `${what}: the service rejected the API key for this request (HTTP 403: ${said}). The key may lack the write scope that creating a job or sending a message needs. Use an admin key (mint_…) that may write, from ${KEYS_PAGE}, for this project, stored as a repository secret.`,
            403,
          );
        }
        if (failure.status === 401 || failure.status === 403) {
          return new AuthError(
            `${what}: the service rejected the API key (HTTP ${failure.status}: ${said}). Use an admin key (mint_…) from ${KEYS_PAGE} for this project, stored as a repository secret.`,
            failure.status,
          );
        }
        if (failure.status === 404) {
          return new NotFoundError(`${what}: not found (HTTP 404: ${said}). ${notFoundHint(url, errorText(json) !== undefined)}`, 404);
        }
        if (failure.status >= 300 && failure.status < 400) {
          return new ServiceError(
            `${what}: the service answered with a ${failure.detail}; redirects are not followed so the key stays with ${url.origin}. Check base-url.`,
            failure.status,
          );
        }
        if (method === 'POST' && failure.status >= 500) {
          return new AmbiguousRequestError(
            `${what}: the service failed with HTTP ${failure.status} (${said}). It may have acted anyway, so the request was not repeated; check the Mintlify dashboard before re-running.`,
            failure.status,
          );
        }
        return new ServiceError(`${what}: HTTP ${failure.status}${tries}: ${said}`, failure.status);
      }
      case 'not-sent': {
        const proxy = proxyFor(url);
        if (failure.untrustedCertificate === true) {
          return new NetworkError(
            `${what}: could not connect to ${url.origin}${tries}: ${failure.detail}. The server's certificate is not trusted; if a proxy inspects TLS, give Node its CA certificate with NODE_EXTRA_CA_CERTS.`,
          );
        }
        if (proxy === undefined) {
          return new NetworkError(
            `${what}: could not connect to ${url.origin}${tries}: ${failure.detail}. Check base-url and that the runner can reach it.`,
          );
        }
        return new NetworkError(
          `${what}: could not connect to ${url.origin} through the proxy ${proxy}${tries}: ${failure.detail}. Check that the proxy is running and reachable from the runner, or list ${url.hostname} in NO_PROXY to connect directly.`,
        );
      }
      case 'lost':
        if (method === 'POST') {
          return new AmbiguousRequestError(
            `${what}: the connection failed after the request was sent (${failure.detail}). The service may have acted, so the request was not repeated; check the Mintlify dashboard before re-running.`,
          );
        }
        return new NetworkError(`${what}: the connection failed${tries}: ${failure.detail}`);
      case 'bad-body':
        if (method === 'POST') {
          return new AmbiguousRequestError(
            `${what}: unreadable answer (${failure.detail}). The service may have acted; check the Mintlify dashboard before re-running.`,
          );
        }
        return new ServiceError(`${what}: unreadable answer${tries}: ${failure.detail}`);
    }
  }
}

/** A job's own path: `…/v2/agent/{project}/job/{job}`, or its `/message`. A create has no job id yet. */
const JOB_PATH = /\/v2\/agent\/[^/]+\/job\/[^/]+(\/message)?$/;

/**
 * What to check after a 404: the ids that are part of the request, and base-url too when the answer
 * is not an error of the API (a gateway's page or an empty body: the route itself was not found).
 */
function notFoundHint(url: URL, fromService: boolean): string {
  const ids = JOB_PATH.test(url.pathname) ? 'job-id and project-id (the job must belong to that project)' : 'project-id';
  return fromService ? `Check ${ids}.` : `Check base-url (the answer is not an error of the Mintlify API) and ${ids}.`;
}

function describeFailure(failure: AttemptFailure): string {
  return failure.kind === 'status' ? `HTTP ${failure.status}` : failure.detail;
}

function enc(segment: string): string {
  return encodeSegment(segment);
}
