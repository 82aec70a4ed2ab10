/**
 * End to end: the job's lifecycle when answers are odd: a create answered 2xx in the wrong shape
 * still hands on the job it names, in the outputs, the error and the issue comment.
 */
import { afterAll, beforeAll, beforeEach, expect, test } from '@jest/globals';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';
import { errorLines, runAction, type RunOptions } from '../helpers/run-action.js';

const emulator = useEmulator();
const TOKEN = 'ghs_e2eLifecycleToken0123456789abcdef';
const ISSUE = 12;
let github: FakeGitHub;

beforeAll(async () => {
  github = await startFakeGitHub({ token: TOKEN });
});
afterAll(async () => {
  await github.close();
});
beforeEach(() => github.reset());

function inputs(extra: Record<string, string> = {}): Record<string, string> {
  return serviceInputs(emulator(), { prompt: 'Document the new /v2/widgets endpoint', ...extra });
}

function withComment(extra: Record<string, string> = {}): Partial<RunOptions> & { inputs: Record<string, string> } {
  return {
    inputs: inputs({ comment: 'true', 'github-token': TOKEN, ...extra }),
    event: { action: 'labeled', issue: { number: ISSUE, title: 't', body: 'b' }, label: { name: 'docs-agent' } },
    eventName: 'issues',
    env: { GITHUB_API_URL: github.url },
  };
}

const requestsTo = (endpoint: string): number => emulator().requests.filter((request) => request.endpoint === endpoint).length;

test('a create answered 2xx in the wrong shape: the job-id output is set and the error says where to look', async () => {
  emulator().setScenario({ job: { malformed: 'status-number' } });
  const run = await runAction(withComment());
  expect(run.exitCode).toBe(1);
  const jobId = [...emulator().jobs.keys()][0] ?? 'no job';
  expect(run.outputs['job-id']).toBe(jobId);
  expect(errorLines(run)).toEqual([
    `::error::create job: job ${jobId} has no string 'status'. The service acted on the request and names job ${jobId}, which was probably started: check it in the Mintlify dashboard, and follow it with job-id: ${jobId} and no prompt instead of starting another job.`,
  ]);
  // Not polled, not repeated; the comment names the job.
  expect(requestsTo('get')).toBe(0);
  expect(requestsTo('create')).toBe(1);
  expect(github.comments(ISSUE)[0]?.body).toContain(`\`job-id: ${jobId}\``);
});
