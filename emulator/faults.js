// @ts-check
// Fault injection: which request a fault hits, and how each faulty response is written.
import { jsonResponse, sendPrepared } from './http.js';
import { ANALYTICS_ENDPOINTS } from './scenario.js';
import { generatedPage } from './visitors.js';

/**
 * @typedef {import('./scenario.js').Fault} Fault
 * @typedef {import('./scenario.js').ApiEndpoint} ApiEndpoint
 * @typedef {import('./http.js').PreparedResponse} PreparedResponse
 * @typedef {number|'reset'|'hang'|'truncate'} RecordedResponse what the request log records as the response
 */

/**
 * @typedef {object} FaultTarget
 * @property {ApiEndpoint} endpoint
 * @property {string} url raw path and query of the request (the default redirect target)
 * @property {import('node:http').ServerResponse} response
 * @property {PreparedResponse} [prepared] the real response, when the request was acted on (afterAction)
 */

const DEFAULT_HUGE_BYTES = 8 * 1024 * 1024;
const HUGE_CHUNK = 'x'.repeat(64 * 1024);

export class FaultInjector {
  /** @type {{fault: Fault, seen: number}[]} */
  #counters;

  /** @param {Fault[]} faults */
  constructor(faults) {
    this.#counters = faults.map((fault) => ({ fault, seen: 0 }));
  }

  /**
   * The fault for this request, if any. Every fault counts every request to its endpoint, whether or
   * not an earlier fault took it, so `skip` always means "the first N requests to this endpoint".
   * @param {ApiEndpoint} endpoint
   * @returns {Fault|undefined}
   */
  next(endpoint) {
    /** @type {Fault|undefined} */
    let chosen;
    for (const counter of this.#counters) {
      const { fault } = counter;
      if (fault.endpoint !== endpoint && fault.endpoint !== 'any') continue;
      const index = counter.seen++;
      const skip = fault.skip ?? 0;
      if (!chosen && index >= skip && index - skip < (fault.times ?? 1)) chosen = fault;
    }
    return chosen;
  }
}

/**
 * Writes the faulty response ('delay' is not one: the server waits, then answers normally).
 * @param {Fault} fault
 * @param {FaultTarget} target
 * @returns {RecordedResponse}
 */
export function sendFault(fault, target) {
  const { response } = target;
  /** @type {Record<string, string>} */
  const retryAfter = fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
  switch (fault.kind) {
    case 'reset':
      // An RST rather than a FIN: the client sees ECONNRESET, as when a proxy drops the connection.
      response.socket?.resetAndDestroy();
      return 'reset';
    case 'hang':
      return 'hang';
    case 'truncate':
      truncate(response, target.prepared ?? standIn(target.endpoint));
      return 'truncate';
    case 'html': {
      const status = fault.status ?? 502;
      const body = `<!DOCTYPE html>\n<html><head><title>${status} Bad Gateway</title></head><body><h1>${status} Bad Gateway</h1><hr><center>nginx</center></body></html>\n`;
      sendPrepared(response, { status, headers: { 'content-type': 'text/html', ...retryAfter }, body });
      return status;
    }
    case 'empty':
      sendPrepared(response, { status: 200, headers: { 'content-type': 'application/json' }, body: '' });
      return 200;
    case 'redirect':
      sendPrepared(response, { status: 307, headers: { location: fault.location ?? target.url }, body: '' });
      return 307;
    case 'huge':
      void streamHuge(response, fault.sizeBytes ?? DEFAULT_HUGE_BYTES);
      return 200;
    default: {
      const status = fault.status ?? 500;
      const error = `Emulated ${status} fault`;
      const body =
        fault.body !== undefined
          ? fault.body
          : ANALYTICS_ENDPOINTS.includes(target.endpoint)
            ? { error, details: [{ message: error }] }
            : { error };
      sendPrepared(response, jsonResponse(status, body, retryAfter));
      return status;
    }
  }
}

/**
 * Valid headers announcing the whole body, then half of it, then a closed connection.
 * @param {import('node:http').ServerResponse} response
 * @param {PreparedResponse} prepared
 */
function truncate(response, prepared) {
  const body = Buffer.from(prepared.body);
  response.writeHead(prepared.status, { ...prepared.headers, 'content-length': String(body.length) });
  response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.destroy());
}

/**
 * A plausible body to cut short when the request was not acted on.
 * @param {ApiEndpoint} endpoint
 * @returns {PreparedResponse}
 */
function standIn(endpoint) {
  if (ANALYTICS_ENDPOINTS.includes(endpoint)) {
    // Any analytics answer will do: the client only sees that it was cut short.
    const visitors = Array.from({ length: 20 }, (_, index) => generatedPage(index));
    return jsonResponse(200, { totals: { human: 1000, ai: 500, total: 1400 }, visitors, hasMore: true });
  }
  const job = { id: 'job_standin', status: 'active', source: { repository: 'https://github.com/acme/docs', ref: null } };
  return jsonResponse(endpoint === 'create' ? 201 : 200, {
    ...job,
    model: 'sonnet',
    prLink: null,
    createdAt: new Date(0).toISOString(),
    archivedAt: null,
  });
}

/**
 * A 200 JSON-ish body of exactly `size` bytes, streamed with backpressure so it costs no memory.
 * @param {import('node:http').ServerResponse} response
 * @param {number} size
 */
async function streamHuge(response, size) {
  const head = '{"data":"';
  const tail = '"}';
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(size) });
  let remaining = Math.max(0, size - head.length - tail.length);
  if (!response.write(head.slice(0, size))) await drained(response);
  while (remaining > 0 && !response.destroyed) {
    const chunk = remaining >= HUGE_CHUNK.length ? HUGE_CHUNK : HUGE_CHUNK.slice(0, remaining);
    remaining -= chunk.length;
    if (!response.write(chunk)) await drained(response);
  }
  if (!response.destroyed) response.end(tail.slice(0, Math.max(0, size - head.length)));
}

/**
 * Resolves on 'drain', or on 'close' when the client gave up.
 * @param {import('node:http').ServerResponse} response
 * @returns {Promise<void>}
 */
function drained(response) {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
