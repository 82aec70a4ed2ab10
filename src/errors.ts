/** Typed errors below `run()`, which turns any of them into one failed step: the class says the kind without parsing messages. */

/** Raised before any request is made. */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(`Input '${input}': ${message}`);
  }
}

/** Who triggered the run may not start the agent, or could not be checked; before any request to the service. */
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

export class ResponseShapeError extends ServiceError {
  override readonly name = 'ResponseShapeError';
}

/** The service may or may not have acted (a POST whose answer was lost): not retried; the message says what to check. */
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

/** analytics-in-prompt could not give the prompt its evidence: no job is started, as its prompt relies on it. */
export class EvidenceError extends Error {
  override readonly name = 'EvidenceError';
}

/** A conversation could not be read, or cannot be sent: nothing was sent to the agent. */
export class ConversationError extends Error {
  override readonly name = 'ConversationError';
}

/** With its change, the prompt would carry a secret (a commit message or a path holding one): no job is started. */
export class ChangeContextError extends Error {
  override readonly name = 'ChangeContextError';
}
