/**
 * The verdicts across a report (src/impact/verdicts.ts): a look's p-value against its boundary,
 * Benjamini–Hochberg across the pull requests, a call before the after window ends, inconclusive,
 * too little data and why, and a verdict recorded by an earlier report kept.
 */
import { describe, expect, test } from '@jest/globals';
import type { LookEstimate, LookResult } from '../../../src/impact/estimate.js';
import { boundaries, informationFractions } from '../../../src/impact/sequential.js';
import { judgePulls, type PullLooks } from '../../../src/impact/verdicts.js';

const CONTROL = { pages: 40, before: { up: 800, down: 200 }, after: { up: 800, down: 200 }, change: 0, changeVariance: 0, between: 0 };

/** A look whose change is `z` standard errors of 0.05. */
function look(z: number, votes = 100): LookResult {
  const estimate: LookEstimate = {
    look: 0,
    effect: z * 0.05,
    standardError: 0.05,
    pages: [],
    control: CONTROL,
    votesBefore: votes,
    votesAfter: votes,
  };
  return { kind: 'estimate', estimate };
}

function pull(...looks: (LookResult | undefined)[]): PullLooks {
  return { weeks: 4, looks };
}

/** A finished pull request with no change at all. */
const still = (): PullLooks => pull(look(0), look(0), look(0), look(0));

describe('judgePulls', () => {
  test('a change past the last look’s boundary alone is improved; among nine pull requests without change it is inconclusive', () => {
    const lastBoundary = boundaries(informationFractions(4), 0.05)[3] as number;
    const edge = pull(look(0.5), look(1), look(1.5), look(lastBoundary + 0.3));
    const [alone] = judgePulls([edge], 20);
    expect(alone).toMatchObject({ verdict: 'improved', look: 4 });
    expect(alone?.pValue).toBeLessThan(0.05);
    // Its p-value times 10 (the correction for 10 pull requests, where it ranks first) is over 5 %.
    expect((alone?.pValue ?? 0) * 10).toBeGreaterThan(0.05);
    const [amongMany] = judgePulls([edge, ...Array.from({ length: 9 }, still)], 20);
    expect(amongMany).toMatchObject({ verdict: 'no clear change', look: 4 });
    expect(amongMany?.adjustedP).toBeCloseTo((alone?.pValue ?? 0) * 10, 10);
    expect(amongMany?.boundary).toBeCloseTo(lastBoundary, 10);
  });

  test('a large change is called at an early look, and keeps the numbers of that look; a smaller one keeps measuring', () => {
    const [large, smaller] = judgePulls([pull(look(-6)), pull(look(3))], 20);
    expect(large).toMatchObject({ verdict: 'worse', look: 1 });
    // 3 standard errors is under the first look's boundary (about 3.36 for a four-week window).
    expect(smaller).toMatchObject({ verdict: 'measuring', look: 1 });
  });

  test('the p-value is the smallest of the looks so far: a change called at look 2 stays called when later looks are quieter', () => {
    const [called] = judgePulls([pull(look(1), look(4.5), look(2), look(1))], 20);
    expect(called).toMatchObject({ verdict: 'improved', look: 2 });
  });

  test('too little data, and why: fewer votes than the minimum, too few control pages, a week not read', () => {
    const judged = judgePulls(
      [
        pull(look(5, 15), look(5, 15), look(5, 15), look(5, 19)),
        pull(look(0), look(0), look(0), { kind: 'short', controls: 4 }),
        pull(look(0), look(0), undefined, undefined),
      ],
      20,
    );
    expect(judged.map((item) => [item.verdict, item.shortOf])).toEqual([
      ['too little data', 'votes'],
      ['too little data', 'controls'],
      ['too little data', 'unread'],
    ]);
    // Below the minimum a look is no test: nothing to correct.
    expect(judged[0]?.pValue).toBeUndefined();
  });

  test('a verdict an earlier report recorded is kept, with its look, whatever this report says', () => {
    const [kept, short] = judgePulls(
      [
        { ...still(), recorded: { verdict: 'improved', look: 2 } },
        { ...pull(look(0, 5), look(0, 5), look(0, 5), look(0, 5)), recorded: { verdict: 'too little data', look: 4 } },
      ],
      20,
    );
    expect(kept).toMatchObject({ verdict: 'improved', look: 2, recorded: true });
    expect(short).toMatchObject({ verdict: 'too little data', look: 4, shortOf: 'votes', recorded: true });
  });

  test('no look yet: measuring without numbers; the smallest detectable change is the final look’s, projected', () => {
    const [none, one] = judgePulls([pull(), pull(look(1))], 20);
    expect(none).toEqual({ verdict: 'measuring' });
    const c = boundaries(informationFractions(4), 0.05);
    // At the end the variance is today's times τ₁ = 2/5; detected 80 % of the time: (c₄ + z₀.₈) · σ · √τ₁.
    expect(one?.detectable).toBeCloseTo(((c[3] as number) + 0.8416212335729143) * 0.05 * Math.sqrt(2 / 5), 10);
  });
});
