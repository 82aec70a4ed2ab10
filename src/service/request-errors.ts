/** Each message names the request and says what to check; the service's own words reach it only through `quote` (secrets removed). */
import { AmbiguousRequestError, AuthError, DeadlineError, NetworkError, ServiceError } from '../errors.js';
import { formatDuration } from '../inputs/duration.js';
import type { RetryStop } from '../net/retry.js';
import { MAX_ATTEMPTS, proxyFor, type AttemptFailure, type HttpMethod } from '../net/transport.js';
import { errorText } from './guards.js';

/** 404 from the service: a job that does not exist (yet). */
export class NotFoundError extends ServiceError {
  override readonly name = 'NotFoundError';
}

export interface ServiceRequest {
  readonly method: HttpMethod;
  /** `create job`, `get job job_1`, `visitors report`: how every message about the request begins. */
  readonly what: string;
  readonly url: URL;
}

export interface FailedAttempt {
  readonly failure: AttemptFailure;
  readonly json?: unknown;
}

type StatusFailure = Extract<AttemptFailure, { readonly kind: 'status' }>;
type NotSentFailure = Extract<AttemptFailure, { readonly kind: 'not-sent' }>;

const KEYS_PAGE = 'https://app.mintlify.com/settings/organization/api-keys';

function describeFailure(failure: AttemptFailure): string {
  return failure.kind === 'status' ? `HTTP ${failure.status}` : failure.detail;
}

/** The warning before the wait for attempt `attempt + 1`. */
export function retryingWarning(what: string, failure: AttemptFailure, attempt: number, delayMs: number): string {
  return `${what}: ${describeFailure(failure)}; retrying in ${formatDuration(delayMs)} (attempt ${attempt + 1} of ${MAX_ATTEMPTS}).`;
}

export function stopError(
  request: ServiceRequest,
  failed: FailedAttempt,
  attempts: number,
  stop: RetryStop,
  quote: (text: string) => string,
): Error {
  const { what } = request;
  const failure = describeFailure(failed.failure);
  switch (stop.why) {
    case 'final':
      return finalError(request, failed, attempts, quote);
    case 'deadline':
      return new DeadlineError(
        stop.asked
          ? `${what}: ${failure}; the service asked to wait ${formatDuration(stop.delayMs)} (Retry-After), ` +
              `but the timeout ends in ${formatDuration(stop.leftMs)}.`
          : `${what}: ${failure}; the next retry (in ${formatDuration(stop.delayMs)}) would pass the timeout.`,
        stop.asked ? stop.delayMs : undefined,
      );
    case 'wait-limit':
      return new DeadlineError(
        `${what}: ${failure}; the service asked to wait ${formatDuration(stop.delayMs)} (Retry-After), ` +
          `longer than the ${formatDuration(stop.limitMs)} an analytics report waits when there is no job to wait for.`,
        stop.delayMs,
      );
  }
}

/** A failure that retrying did not fix, or that is not retried. */
function finalError(request: ServiceRequest, { failure, json }: FailedAttempt, attempts: number, quote: (text: string) => string): Error {
  const { method, what } = request;
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  switch (failure.kind) {
    case 'status':
      return statusError(request, failure, quote(errorText(json) ?? failure.detail), errorText(json) !== undefined, tries);
    case 'not-sent':
      return notSentError(request, failure, tries);
    case 'lost':
      if (method === 'POST') {
        return new AmbiguousRequestError(
          `${what}: the connection failed after the request was sent (${failure.detail}). ` +
            'The service may have acted, so the request was not repeated; check the Mintlify dashboard before re-running.',
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

/** An error status; `said` is the service's quoted words, `fromService` whether they were an error of the API. */
function statusError(
  { method, what, url }: ServiceRequest,
  failure: StatusFailure,
  said: string,
  fromService: boolean,
  tries: string,
): Error {
  const { status } = failure;
  if (status === 403 && method === 'POST') {
    // Scoped keys exist: a read-only key may read jobs and analytics, but gets 403 on create and message.
    return new AuthError(
      `${what}: the service rejected the API key for this request (HTTP 403: ${said}). ` +
        'The key may lack the write scope that creating a job or sending a message needs. ' +
        `Use an admin key (mint_…) that may write, from ${KEYS_PAGE}, for this project, stored as a repository secret.`,
      403,
    );
  }
  if (status === 401 || status === 403) {
    return new AuthError(
      `${what}: the service rejected the API key (HTTP ${status}: ${said}). ` +
        `Use an admin key (mint_…) from ${KEYS_PAGE} for this project, stored as a repository secret.`,
      status,
    );
  }
  if (status === 404) return new NotFoundError(`${what}: not found (HTTP 404: ${said}). ${notFoundHint(url, fromService)}`, 404);
  if (status >= 300 && status < 400) {
    return new ServiceError(
      `${what}: the service answered with a ${failure.detail}; redirects are not followed so the key stays with ${url.origin}. Check base-url.`,
      status,
    );
  }
  if (method === 'POST' && status >= 500) {
    return new AmbiguousRequestError(
      `${what}: the service failed with HTTP ${status} (${said}). ` +
        'It may have acted anyway, so the request was not repeated; check the Mintlify dashboard before re-running.',
      status,
    );
  }
  return new ServiceError(`${what}: HTTP ${status}${tries}: ${said}`, status);
}

/** The connection was never made: the certificate, the proxy, or the address is what to check. */
function notSentError({ what, url }: ServiceRequest, failure: NotSentFailure, tries: string): Error {
  if (failure.untrustedCertificate === true) {
    return new NetworkError(
      `${what}: could not connect to ${url.origin}${tries}: ${failure.detail}. ` +
        "The server's certificate is not trusted; if a proxy inspects TLS, give Node its CA certificate with NODE_EXTRA_CA_CERTS.",
    );
  }
  const proxy = proxyFor(url);
  if (proxy === undefined) {
    return new NetworkError(
      `${what}: could not connect to ${url.origin}${tries}: ${failure.detail}. Check base-url and that the runner can reach it.`,
    );
  }
  return new NetworkError(
    `${what}: could not connect to ${url.origin} through the proxy ${proxy}${tries}: ${failure.detail}. ` +
      `Check that the proxy is running and reachable from the runner, or list ${url.hostname} in NO_PROXY to connect directly.`,
  );
}

/** A job's own path: `…/v2/agent/{project}/job/{job}`, or its `/message`. A create has no job id yet. */
const JOB_PATH = /\/v2\/agent\/[^/]+\/job\/[^/]+(\/message)?$/;

/** base-url is a suspect too when the 404 is not an error of the API (a gateway's page, an empty body: no such route). */
function notFoundHint(url: URL, fromService: boolean): string {
  const ids = JOB_PATH.test(url.pathname) ? 'job-id and project-id (the job must belong to that project)' : 'project-id';
  return fromService ? `Check ${ids}.` : `Check base-url (the answer is not an error of the Mintlify API) and ${ids}.`;
}
