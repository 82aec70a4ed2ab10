// @ts-check
// Reading the emulator's request log: which requests belong to which run.

/** @typedef {import('../../emulator/server.js').RequestLogEntry} RequestLogEntry */

/**
 * The prompt of a create or message body, '' when there is none.
 * @param {string} body
 */
export function promptOf(body) {
  try {
    const parsed = /** @type {unknown} */ (JSON.parse(body));
    return typeof parsed === 'object' && parsed !== null && 'prompt' in parsed && typeof parsed.prompt === 'string' ? parsed.prompt : '';
  } catch {
    return '';
  }
}

/**
 * Creates sent with this prompt (each run of the benchmark uses its own prompt).
 * @param {readonly RequestLogEntry[]} log
 * @param {string} prompt
 */
export const createsFor = (log, prompt) => log.filter((entry) => entry.endpoint === 'create' && promptOf(entry.body) === prompt);

/**
 * GETs of this job.
 * @param {readonly RequestLogEntry[]} log
 * @param {string|undefined} jobId
 */
export const pollsOf = (log, jobId) => log.filter((entry) => entry.endpoint === 'get' && jobId !== undefined && entry.jobId === jobId);
