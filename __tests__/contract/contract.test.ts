/**
 * Contract: the built bundle's requests, checked by Prism against the public OpenAPI documents
 * (the excerpt beside this file). A request that breaks the document gets a 4xx from Prism (so the
 * run fails) and a violation line in Prism's log (checked too).
 *
 * Prism and the Node 24 it needs are installed into .cache/ on first use (scripts/prism.sh,
 * scripts/node24.sh). When they cannot be obtained the suite is skipped with a message, except under
 * CI (CI=true), where that fails the suite.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { unusedPort } from '../helpers/forward-proxy.js';
import { runAction, type ActionRun } from '../helpers/run-action.js';
import { findPrism, receivedRequests, startPrism, violations, type Prism } from './prism.js';

const tool = findPrism();
if ('reason' in tool) {
  if (process.env['CI']) throw new Error(`contract test: Prism or the Node 24 it needs could not be obtained: ${tool.reason}`);
  console.warn(`contract test skipped: Prism or the Node 24 it needs could not be obtained: ${tool.reason}`);
}
const suite = 'cli' in tool ? describe : describe.skip;

const KEY = 'mint_contract_0123456789abcdef';
const PROJECT = 'proj_contract';
let prism: Prism;

beforeAll(async () => {
  if ('cli' in tool) prism = await startPrism(tool, await unusedPort());
}, 120_000);
afterAll(async () => {
  await prism?.close();
});

/** Runs the bundle against Prism and returns the run with the part of Prism's log it caused. */
async function run(inputs: Record<string, string>): Promise<{ result: ActionRun; log: string }> {
  const before = prism.log().length;
  const result = await runAction({
    inputs: {
      'api-key': KEY,
      'project-id': PROJECT,
      'base-url': prism.url,
      'poll-interval': '300ms',
      'max-poll-interval': '300ms',
      ...inputs,
    },
  });
  // Prism logs a request's validation as it answers; a short pause lets the last lines arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { result, log: prism.log().slice(before) };
}

suite('requests match the public OpenAPI documents', () => {
  test('create job (wait false)', async () => {
    const { result, log } = await run({ prompt: 'Document the widgets endpoint', wait: 'false' });
    expect(violations(log)).toEqual([]);
    expect(receivedRequests(log)).toEqual([`post /v2/agent/${PROJECT}/job`]);
    expect(result.exitCode).toBe(0);
    expect(result.outputs['status']).toBe('active');
  });

  test('follow-up message (wait false)', async () => {
    const { result, log } = await run({ 'job-id': 'job_123', prompt: 'Also add an example', wait: 'false' });
    expect(violations(log)).toEqual([]);
    expect(receivedRequests(log)).toEqual([`post /v2/agent/${PROJECT}/job/job_123/message`]);
    expect(result.exitCode).toBe(0);
  });

  test('get job (job-id, short timeout, fail-on none)', async () => {
    const { result, log } = await run({ 'job-id': 'job_123', timeout: '2s', 'fail-on': 'none' });
    expect(violations(log)).toEqual([]);
    const received = receivedRequests(log);
    expect(received.length).toBeGreaterThan(0);
    expect(new Set(received)).toEqual(new Set([`get /v2/agent/${PROJECT}/job/job_123`]));
    expect(result.exitCode).toBe(0);
    // Prism's mock job is always 'active': the wait ends at the timeout, which fail-on none lets pass.
    expect(result.outputs['status']).toBe('active');
  });

  test('visitors report (analytics, 7 days)', async () => {
    const { result, log } = await run({ analytics: 'true', 'analytics-days': '7' });
    expect(violations(log)).toEqual([]);
    const received = receivedRequests(log);
    expect(received.length).toBeGreaterThan(0);
    expect(received.every((line) => line === `get /v1/analytics/${PROJECT}/visitors`)).toBe(true);
    expect(result.exitCode).toBe(0);
  });

  test('the check itself: a request that breaks the document is caught', async () => {
    // The action itself never sends limit > 250 (analytics-page-size is checked), so send one by hand.
    const response = await fetch(`${prism.url}/v1/analytics/${PROJECT}/visitors?limit=251`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(violations(prism.log()).some((line) => line.includes('limit must be <= 250'))).toBe(true);
  });
});
