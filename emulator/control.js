// @ts-check
// HTTP control endpoints, so that a separate process (benchmarks, the demo) can steer the emulator.
// They need no auth and no fault ever applies to them.
import { errorResponse, jsonResponse } from './http.js';
import { CONTROL_PREFIX } from './routes.js';

/**
 * @typedef {import('./http.js').PreparedResponse} PreparedResponse
 */

/**
 * @typedef {object} ControlTarget
 * @property {(scenario: unknown) => void} setScenario throws TypeError on an invalid scenario
 * @property {() => void} reset
 * @property {() => unknown[]} requests
 */

/** @type {PreparedResponse} */
const NO_CONTENT = { status: 204, headers: {}, body: '' };

/**
 * @param {string} method
 * @param {string} path
 * @param {string|null} body
 * @param {ControlTarget} target
 * @returns {PreparedResponse}
 */
export function handleControlRequest(method, path, body, target) {
  const action = `${method} ${path.slice(CONTROL_PREFIX.length)}`;
  switch (action) {
    case 'PUT scenario': {
      /** @type {unknown} */
      let scenario;
      try {
        scenario = JSON.parse(body ?? '');
      } catch {
        return errorResponse(400, 'Scenario body must be valid JSON');
      }
      try {
        target.setScenario(scenario);
      } catch (error) {
        return errorResponse(400, error instanceof Error ? error.message : String(error));
      }
      return NO_CONTENT;
    }
    case 'GET requests':
      return jsonResponse(200, target.requests());
    case 'POST reset':
      target.reset();
      return NO_CONTENT;
    default:
      return errorResponse(404, `Unknown control endpoint: ${action}`);
  }
}
