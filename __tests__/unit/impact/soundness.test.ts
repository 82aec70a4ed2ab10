/**
 * The impact verdicts on simulated sites (the seeded model of helpers/impact-simulator.ts: 600
 * pages, pull requests of 1–5 pages, a median of 37 votes a page in four weeks): few reports with
 * a false label when nothing changed, even with a site-wide trend, shifting traffic and pages picked
 * because readers had just rated them down; intervals that cover the truth; a large change found.
 * A small run of each, as the test runner is slow at arithmetic: bench/impact-sound.js runs hundreds
 * and prints the numbers.
 */
import { describe, expect, test } from '@jest/globals';
import { simulateReport, type Conditions } from '../../helpers/impact-simulator.js';
import { measurePulls } from '../../../src/impact/measure.js';
import type { PullImpact } from '../../../src/analytics/impact-report.js';

const SETTINGS = { windowDays: 28, minVotes: 20 };
/** Simulated reports are slow under the test runner on a busy machine: a generous limit, no timing asserted. */
const SLOW = 300_000;

function judged(seed: number, conditions: Conditions): { pulls: PullImpact[]; truth: Map<number, number> } {
  const report = simulateReport(seed, conditions);
  const pulls = measurePulls({ weeks: report.weeks, pulls: report.pulls, settings: SETTINGS, end: report.end });
  return { pulls, truth: new Map(report.pulls.map((pull) => [pull.number, pull.trueEffect])) };
}

const labelled = (pull: PullImpact) => pull.verdict === 'improved' || pull.verdict === 'worse';

describe('simulated sites', () => {
  test('the simulator is seeded: the same seed, the same report', () => {
    const [a, b] = [simulateReport(7, { trend: 1 }), simulateReport(7, { trend: 1 })];
    expect(a.pulls).toEqual(b.pulls);
    expect([...(a.weeks.get(a.weeks.keys().next().value ?? 0)?.votes ?? [])]).toEqual([
      ...(b.weeks.get(b.weeks.keys().next().value ?? 0)?.votes ?? []),
    ]);
    expect(simulateReport(8).pulls).not.toEqual(a.pulls);
  });

  test(
    'no change anywhere, with a trend, shifting traffic and pages picked by down votes: few reports carry a false label, no bias',
    () => {
      let falseReports = 0;
      const errors: number[] = [];
      for (let seed = 0; seed < 10; seed++) {
        const { pulls } = judged(100 + seed, { trend: 1, trafficShift: true, picked: true });
        if (pulls.some(labelled)) falseReports++;
        for (const pull of pulls) if (pull.look === pull.looks && pull.effect !== undefined) errors.push(pull.effect.points);
      }
      // Goal over hundreds of reports: at most 6 %. Before the control and the correction, 57–93 % of such reports had one.
      expect(falseReports).toBeLessThanOrEqual(1);
      const bias = errors.reduce((sum, error) => sum + error, 0) / errors.length;
      expect(errors.length).toBeGreaterThan(80);
      // Ten reports, each sharing its control's noise: a loose bound (the benchmark's is 0.5 over hundreds; the old verdicts were off by 4–5 points).
      expect(Math.abs(bias)).toBeLessThan(2);
    },
    SLOW,
  );

  test(
    'true changes of −10 to +10 points: the 95 % intervals cover them about 95 % of the time',
    () => {
      let covered = 0;
      let counted = 0;
      for (let seed = 0; seed < 8; seed++) {
        const { pulls, truth } = judged(200 + seed, { effect: (index) => (index % 21) - 10 });
        // Every interval shown with a verdict: at the look it was called at, or at the window's end.
        for (const pull of pulls) {
          if (pull.verdict === 'measuring' || pull.effect === undefined) continue;
          const want = truth.get(pull.number) ?? Number.NaN;
          counted++;
          if (pull.effect.low <= want && want <= pull.effect.high) covered++;
        }
      }
      expect(counted).toBeGreaterThan(80);
      expect(covered / counted).toBeGreaterThan(0.9);
      expect(covered / counted).toBeLessThan(0.99);
    },
    SLOW,
  );

  test(
    '+20 points on a page with 300 votes a window, among 24 pull requests without change: called improved',
    () => {
      let found = 0;
      for (let seed = 0; seed < 6; seed++) {
        const { pulls } = judged(300 + seed, { loudPage: 300 });
        if (pulls.find((pull) => pull.number === 1000)?.verdict === 'improved') found++;
      }
      expect(found).toBeGreaterThanOrEqual(4);
    },
    SLOW,
  );
});
