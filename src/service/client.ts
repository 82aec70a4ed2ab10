/** Client for the Mintlify agent-job (v2) and analytics (v1) APIs, under transport.ts's network policy. */
import type { Dispatcher } from 'undici';
import { parseCallerStats, parseFeedbackByPage, parseFeedbackList, parseSearchesPage, parseViewsPage } from './analytics-guards.js';
import type { AssistantCallerStats, FeedbackByPage, FeedbackList, SearchesPage, ViewsPage } from './analytics-types.js';
import { answerText, type AnswerRepairs, type AnswerText } from './answer-text.js';
import { parseJob, parseVisitorsPage } from './guards.js';
import { exchange } from '../net/exchange.js';
import { parseJobAnswer } from './job-answer.js';
import { QUOTE_CHARS } from '../text/redact.js';
import { withRetries, type AttemptResult } from '../net/retry.js';
import { MAX_ATTEMPTS, isRetryable, type HttpMethod } from '../net/transport.js';
import { retryingWarning, stopError, type FailedAttempt, type ServiceRequest } from './request-errors.js';
import type { Timing } from '../runtime.js';
import type { Job, VisitorsPage } from './types.js';
import { encodeSegment } from '../text/uri.js';

export { NotFoundError } from './request-errors.js';

export interface ClientLogger {
  debug(message: string): void;
  warning(message: string): void;
}

export interface ClientOptions extends Timing {
  readonly baseUrl: URL;
  readonly apiKey: string;
  /** The run's other secrets (the GitHub token): removed, with the key, from everything the service sends. */
  readonly secrets?: readonly string[];
  readonly userAgent: string;
  readonly dispatcher: Dispatcher;
  readonly requestTimeoutMs: number;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly random: () => number;
  readonly log: ClientLogger;
  /** With no job to wait for, the step must not stay open for a report alone: a longer `Retry-After` ends it incomplete. */
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

export const ANALYTICS_WAIT_LIMIT_MS = 60_000;

export class MintlifyClient {
  /** Requests sent, retries included; reported in the summary and benchmarks. */
  requestCount = 0;
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

  /** `waitLimitMs`: the longest `Retry-After` wait besides the deadline (see analyticsWaitLimitMs). */
  private async call(method: HttpMethod, path: string, what: string, body?: unknown, waitLimitMs?: number): Promise<unknown> {
    const prefix = this.options.baseUrl.pathname.replace(/\/+$/, '');
    const request: ServiceRequest = { method, what, url: new URL(prefix + path, this.options.baseUrl.origin) };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { clock, sleep, deadline } = this.options;
    return withRetries<unknown, FailedAttempt>({
      policy: {
        clock,
        sleep,
        deadline,
        maxAttempts: MAX_ATTEMPTS,
        backoff: { baseMs: this.options.retryBaseMs, maxMs: this.options.retryMaxMs, random: this.options.random },
        ...(waitLimitMs !== undefined && { retryAfterLimitMs: waitLimitMs }),
      },
      send: (attempt) => this.send(request, payload, attempt),
      retryable: ({ failure }) => isRetryable(method, failure),
      retrying: ({ failure }, attempt, delay) => this.options.log.warning(retryingWarning(what, failure, attempt, delay)),
      stop: (failed, attempt, stop) => stopError(request, failed, attempt, stop, (text) => this.text.quote(text, QUOTE_CHARS)),
    });
  }

  private async send(
    { method, url }: ServiceRequest,
    payload: string | undefined,
    attempt: number,
  ): Promise<AttemptResult<unknown, FailedAttempt>> {
    this.requestCount++;
    this.options.log.debug(`${method} ${url.pathname}${url.search} (attempt ${attempt})`);
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.options.apiKey}`,
      accept: 'application/json',
      'user-agent': this.options.userAgent,
      ...(payload !== undefined && { 'content-type': 'application/json' }),
    };
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
      this.options.clock,
    );
    // A failure's detail is redacted: it can quote a body (an HTML page, a cut-off answer) that echoes the key.
    return result.ok ? { ok: true, value: result.json } : { ok: false, failed: result };
  }
}

function enc(segment: string): string {
  return encodeSegment(segment);
}
