/**
 * Typed errors thrown below `run()`. `run()` turns any of them into one failed step; the class tells
 * the reader (and the tests) which kind of failure it was without parsing messages.
 */

/** A workflow input is missing or malformed. Raised before any request is made. */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(`Input '${input}': ${message}`);
  }
}

/**
 * The user or bot that triggered the run may not start the agent, or who it is could not be checked.
 * Raised before any request to the service.
 */
export class TriggerRefusedError extends Error {
  override readonly name = 'TriggerRefusedError';
}

/** The service answered with an error status that retrying will not fix (400, 404, exhausted retries...). */
export class ServiceError extends Error {
  override readonly name: string = 'ServiceError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** 401/403: the key was rejected. Never retried. */
export class AuthError extends ServiceError {
  override readonly name = 'AuthError';
}

/** The service answered 2xx with a body that is not the documented shape. */
export class ResponseShapeError extends ServiceError {
  override readonly name = 'ResponseShapeError';
}

/**
 * The network failed in a way where the service may or may not have acted (a POST whose answer was
 * lost). Not retried; the message tells the user what to check.
 */
export class AmbiguousRequestError extends ServiceError {
  override readonly name = 'AmbiguousRequestError';
  constructor(
    message: string,
    status?: number,
    /** The job's id when the answer still showed one (a 2xx of an unexpected shape): the job exists. */
    readonly jobId?: string,
  ) {
    super(message, status);
  }
}

/** The network failed (connection, proxy, timeout) and retries, where allowed, did not help. */
export class NetworkError extends ServiceError {
  override readonly name = 'NetworkError';
}

/**
 * The overall `timeout` ran out before the work was done, or a wait would have passed it (or the
 * limit of its phase). `retryAfterMs`: the wait the service asked for (Retry-After) when that is why.
 */
export class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Message of any thrown value, including non-Error throws. */
export function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'string') return thrown;
  try {
    return `Unexpected non-Error thrown: ${JSON.stringify(thrown)}`;
  } catch {
    return 'Unexpected non-Error thrown';
  }
}

/** The job ended in an outcome listed in `fail-on`. Thrown after outputs and summary are written. */
export class JobOutcomeError extends Error {
  override readonly name = 'JobOutcomeError';
}

/** Waiting for a known job failed (a poll gave up): the job may still be running. `cause` is the failure. */
export class JobWaitError extends Error {
  override readonly name = 'JobWaitError';
}

/**
 * analytics-in-prompt could not give the prompt its evidence (the reports failed, or the result
 * would carry a secret): no job is started, because its prompt relies on the evidence.
 */
export class EvidenceError extends Error {
  override readonly name = 'EvidenceError';
}

/**
 * A conversation run could not read what it needs from GitHub (the thread's comments, a review's
 * inline comments), or what it read cannot be sent: nothing was sent to the agent.
 */
export class ConversationError extends Error {
  override readonly name = 'ConversationError';
}

/**
 * The change context could not be given to the prompt: with it, the prompt would carry the API key
 * or the GitHub token (a commit message or a file name holding one). No job is started.
 */
export class ChangeContextError extends Error {
  override readonly name = 'ChangeContextError';
}
