/**
 * End to end: a week of 16 pushes shaped like a real one (bench/lib/stream-replay.js, the engine
 * bench/stream-replay.js runs on a real repository's history), replayed through the built action
 * with the push example's inputs: follow-ups to the open docs pull request, the pull request merged
 * mid-week, failed runs (a follow-up and a create answered 500), a run cancelled with its follow-up
 * on its way, a run GitHub replaced in the queue, a successful run re-run, and a failed run re-run
 * after a newer run succeeded. Every commit reaches the agent exactly once, and every commit a run
 * decided to document ends with a final status.
 */
import { expect, test } from '@jest/globals';
import { generatedWeek, replayWeek, WEEK } from '../../bench/lib/stream-replay.js';
import { useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { bundleNode } from '../helpers/run-action.js';

const TOKEN = 'ghs_e2eReplayToken0123456789abcdef';
const emulator = useEmulator();
const github = useFakeGitHub({ token: TOKEN, repo: 'widgets' });

test('a week of 16 pushes: every commit reaches the agent exactly once, and no status is left pending or absent', async () => {
  const pushes = generatedWeek();
  const report = await replayWeek({ github: github(), emulator: emulator(), token: TOKEN, pushes, node: bundleNode() });
  expect(report.commits).toBe(pushes.reduce((sum, push) => sum + push.commits.length, 0));
  expect(report.missing).toEqual([]);
  expect(report.repeated).toEqual([]);
  expect(report.unsettled).toEqual([]);
  expect([...report.finalStatus.values()].every((state) => state === 'success' || state === 'error')).toBe(true);
  const summary = report.runs.map((run) => `${run.push + 1}${run.attempt > 1 ? '*' : ''} ${run.outcome} ${run.sent}`);
  expect(summary).toEqual([
    '1 green create',
    '2 green message',
    '3 failed nothing',
    '4 green message',
    '4* green nothing',
    '5 green message',
    '6 green message',
    '7 failed nothing',
    '8 green create',
    '9 cancelled nothing',
    '10 replaced nothing',
    '11 green message',
    '12 failed nothing',
    '13 green message',
    '12* skipped nothing',
    '14 green message',
    '15 green message',
    '16 green message',
  ]);
  // The failed run re-run late says a newer run documented its commit.
  const late = report.runs.find((run) => run.push === WEEK.rerunLate && run.attempt === 2);
  expect(
    github()
      .statuses()
      .filter((status) => status.sha === late?.head)
      .at(-1)?.description,
  ).toMatch(/^skipped: a newer run documented this commit \(at [0-9a-f]{7}\) \[wf [0-9a-f]{8}\]$/);
});
