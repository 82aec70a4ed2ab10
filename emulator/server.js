// @ts-check
// The emulator's HTTP server: logs every request, applies faults, and hands the rest to the API.
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { handleApiRequest } from './api.js';
import { handleControlRequest } from './control.js';
import { FaultInjector, sendFault } from './faults.js';
import { errorResponse, headerRecord, readBody, sendPrepared } from './http.js';
import { JobStore } from './jobs.js';
import { matchRoute } from './routes.js';
import { parseScenario } from './scenario.js';

/**
 * @typedef {import('./scenario.js').Scenario} Scenario
 * @typedef {import('./routes.js').Endpoint} Endpoint
 * @typedef {import('./faults.js').RecordedResponse} RecordedResponse
 * @typedef {import('./jobs.js').JobRecord} JobRecord
 * @typedef {import('./routes.js').Route} Route
 */

/**
 * @typedef {object} EmulatorOptions
 * @property {number} [port] default 0: a free port
 * @property {string} [apiKey]
 * @property {Scenario} [scenario]
 * @property {() => number} [clock] milliseconds; drives createdAt, completeAfterMs and log times
 * @property {(entry: RequestLogEntry) => void} [onResponse] called once per request when its response is decided
 * @property {{cert: string|Buffer, key: string|Buffer}} [tls] serve HTTPS with this certificate (PEM) instead of HTTP
 */

/**
 * @typedef {object} RequestLogEntry
 * @property {number} at clock time the request arrived
 * @property {string} method
 * @property {string} path raw, still percent-encoded
 * @property {Endpoint} endpoint
 * @property {string} [projectId] decoded
 * @property {string} [jobId] decoded
 * @property {Record<string, string>} query first value of each parameter
 * @property {Record<string, string|undefined>} headers lower-case names
 * @property {string} body
 * @property {RecordedResponse} [response] absent while the request is still being handled
 * @property {string} [fault] kind of the fault applied
 * @property {boolean} [jobCreated] create/message only: the job was created or the message accepted
 */

/**
 * @typedef {object} Emulator
 * @property {string} url
 * @property {number} port
 * @property {string} apiKey
 * @property {RequestLogEntry[]} requests live log
 * @property {Map<string, JobRecord>} jobs live, keyed by job id
 * @property {number} createdJobCount
 * @property {(scenario?: Scenario) => void} setScenario replaces the scenario (missing parts: defaults) and fault counters
 * @property {() => void} reset clears jobs, log, faults and scenario
 * @property {() => Promise<void>} close destroys open and hung connections too
 */

export const DEFAULT_API_KEY = 'mint_test_0123456789abcdef';

/**
 * @param {EmulatorOptions} [options]
 * @returns {Promise<Emulator>}
 */
export async function startEmulator(options = {}) {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const clock = options.clock ?? Date.now;
  const jobs = new JobStore(clock);
  /** @type {RequestLogEntry[]} */
  const requests = [];
  /** @type {Set<NodeJS.Timeout>} */
  const delayTimers = new Set();
  let scenario = parseScenario(options.scenario);
  let faults = new FaultInjector(scenario.faults ?? []);

  /** @param {unknown} [next] a Scenario, validated here because it may come from JSON */
  const setScenario = (next) => {
    scenario = parseScenario(next);
    faults = new FaultInjector(scenario.faults ?? []);
  };
  const reset = () => {
    jobs.clear();
    // Cleared in place: callers hold on to `requests` as a live view.
    requests.length = 0;
    setScenario({});
  };

  /** @param {number} ms */
  const delay = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        delayTimers.delete(timer);
        resolve(undefined);
      }, ms);
      delayTimers.add(timer);
    });

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {RequestLogEntry} entry
   * @param {Route} route
   * @param {(recorded: RecordedResponse) => void} finish
   */
  const handle = async (request, response, entry, route, finish) => {
    const body = await readBody(request);
    entry.body = body ?? '';
    if (route.endpoint === 'control') {
      const target = { setScenario, reset, requests: () => requests };
      const prepared = handleControlRequest(entry.method, entry.path, body, target);
      sendPrepared(response, prepared);
      return finish(prepared.status);
    }
    if (route.endpoint === 'unknown') {
      sendPrepared(response, errorResponse(404, 'Not found'));
      return finish(404);
    }
    const endpoint = route.endpoint;
    let fault = faults.next(endpoint);
    if (fault?.kind === 'delay') {
      entry.fault = 'delay';
      await delay(fault.delayMs ?? 1000);
      fault = undefined;
    }
    const url = request.url ?? entry.path;
    if (fault && !fault.afterAction) {
      entry.fault = fault.kind;
      if (endpoint === 'create' || endpoint === 'message') entry.jobCreated = false;
      return finish(sendFault(fault, { endpoint, url, response }));
    }
    const result = handleApiRequest(route, { headers: entry.headers, query: entry.query, body }, { apiKey, scenario, jobs, clock });
    if (endpoint === 'create' || endpoint === 'message') entry.jobCreated = result.jobCreated;
    if (fault) {
      entry.fault = fault.kind;
      return finish(sendFault(fault, { endpoint, url, response, prepared: result.response }));
    }
    sendPrepared(response, result.response);
    finish(result.response.status);
  };

  /** @type {import('node:http').RequestListener} */
  const listener = (request, response) => {
    const { path, query } = splitUrl(request.url ?? '/');
    const method = request.method ?? 'GET';
    const route = matchRoute(method, path);
    /** @type {RequestLogEntry} */
    const entry = {
      at: clock(),
      method,
      path,
      endpoint: route.endpoint,
      ...(route.projectId === undefined ? {} : { projectId: route.projectId }),
      ...(route.jobId === undefined ? {} : { jobId: route.jobId }),
      query,
      headers: headerRecord(request.headers),
      body: '',
    };
    requests.push(entry);
    /** @param {RecordedResponse} recorded */
    const finish = (recorded) => {
      entry.response = recorded;
      options.onResponse?.(entry);
    };
    handle(request, response, entry, route, finish).catch((error) => {
      // Usually the client went away mid-body; otherwise a bug, reported as a 500 the test will see.
      if (!response.headersSent && !response.destroyed) {
        sendPrepared(response, errorResponse(500, `Emulator error: ${error instanceof Error ? error.message : String(error)}`));
        finish(500);
      }
    });
  };
  const server = options.tls === undefined ? createServer(listener) : createTlsServer(options.tls, listener);

  /** @type {number} */
  const port = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('emulator: no TCP address'));
      else resolve(address.port);
    });
  });

  /** @type {Promise<void>|undefined} */
  let closing;
  const close = () => {
    closing ??= new Promise((resolve) => {
      for (const timer of delayTimers) clearTimeout(timer);
      delayTimers.clear();
      server.close(() => resolve());
      // Without this, keep-alive and hung requests would keep close() waiting forever.
      server.closeAllConnections();
    });
    return closing;
  };

  return {
    url: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    port,
    apiKey,
    requests,
    jobs: jobs.jobs,
    get createdJobCount() {
      return jobs.createdCount;
    },
    setScenario,
    reset,
    close,
  };
}

/**
 * Splits a raw request URL into the still-encoded path and the query (first value of each name).
 * @param {string} rawUrl
 */
function splitUrl(rawUrl) {
  const queryStart = rawUrl.indexOf('?');
  /** @type {Record<string, string>} */
  const query = {};
  if (queryStart === -1) return { path: rawUrl, query };
  for (const [name, value] of new URLSearchParams(rawUrl.slice(queryStart + 1))) {
    if (!Object.hasOwn(query, name)) query[name] = value;
  }
  return { path: rawUrl.slice(0, queryStart), query };
}
