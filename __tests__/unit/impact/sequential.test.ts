/**
 * The weekly looks' design (src/impact/sequential.ts): the boundaries of O'Brien–Fleming-type
 * spending against the published values for equally spaced looks (Lan–DeMets spending, two-sided
 * symmetric, α = 0.05: the tables of gsDesign and ldbounds), and by seeded Monte Carlo in the test
 * (paths of a Brownian motion in information time): the level the boundaries hold, and repeated
 * p-values that stay valid however often they are read.
 */
import { describe, expect, test } from '@jest/globals';
import { generator } from '../../../scripts/soak/plan.js';
import { boundaries, boundaryTable, informationFractions, P_FLOOR, spentBy } from '../../../src/impact/sequential.js';

/** Standard normal draws from a seeded generator (Box–Muller). */
function normals(seed: number): () => number {
  const random = generator(seed);
  return () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** z statistics of one path at `fractions`: Z_k = S(τ_k) / √τ_k for a standard Brownian motion S. */
function path(draw: () => number, fractions: readonly number[]): number[] {
  let sum = 0;
  let previous = 0;
  return fractions.map((tau) => {
    sum += Math.sqrt(tau - previous) * draw();
    previous = tau;
    return sum / Math.sqrt(tau);
  });
}

const equallySpaced = (looks: number) => Array.from({ length: looks }, (_, i) => (i + 1) / looks);

describe('boundaries', () => {
  test.each([
    [1, [1.96]],
    [2, [2.9626, 1.9686]],
    [3, [3.7103, 2.5114, 1.993]],
    [4, [4.3326, 2.9631, 2.359, 2.0141]],
    [5, [4.8769, 3.3569, 2.6803, 2.2898, 2.031]],
  ])('%p equally spaced looks: the published boundaries %p', (looks, published) => {
    const got = boundaries(equallySpaced(looks), 0.05);
    got.forEach((c, i) => expect(Math.abs(c - (published[i] as number))).toBeLessThan(2e-4));
  });

  test('the spending: nothing at τ = 0, all of α at τ = 1, the O’Brien–Fleming shape between', () => {
    expect(spentBy(0.05, 1)).toBeCloseTo(0.05, 12);
    expect(spentBy(0.05, 1e-6)).toBeLessThan(1e-300);
    // Each side: 2 − 2Φ(z₀.₉₈₇₅ / √0.25) = 2 − 2Φ(4.4828).
    expect(spentBy(0.05, 0.25)).toBeCloseTo(4 * 3.68e-6, 7);
  });

  test('the weekly design of a four-week window holds its level: 5 % of paths cross under no change (Monte Carlo)', () => {
    const fractions = informationFractions(4);
    expect(fractions).toEqual([2 / 5, 4 / 6, 6 / 7, 1]);
    const c = boundaries(fractions, 0.05);
    const draw = normals(4);
    const runs = 100_000;
    let crossed = 0;
    for (let run = 0; run < runs; run++) if (path(draw, fractions).some((z, k) => Math.abs(z) >= (c[k] as number))) crossed++;
    // Binomial standard error √(0.05 · 0.95 / 100000) ≈ 0.0007.
    expect(Math.abs(crossed / runs - 0.05)).toBeLessThan(0.0025);
  });
});

describe('repeated p-values', () => {
  test('at a look’s boundary for level a, the p-value is a; it falls as |z| grows', () => {
    const table = boundaryTable(4);
    for (const level of [0.001, 0.01, 0.05, 0.2]) {
      boundaries(table.fractions, level).forEach((c, look) => {
        expect(relative(table.pValue(look, c), level)).toBeLessThan(0.01);
        expect(table.pValue(look, -c)).toBe(table.pValue(look, c));
      });
    }
    const falling = [0, 1, 2, 3, 4, 5, 6].map((z) => table.pValue(1, z));
    expect(falling).toEqual([...falling].sort((a, b) => b - a));
    expect(table.pValue(0, 40)).toBe(P_FLOOR);
    expect(table.pValue(3, 0)).toBe(1);
    expect(table.pValue(3, Number.NaN)).toBe(1);
  });

  test('one look is the fixed test: p = 2 Q(|z|)', () => {
    const table = boundaryTable(1);
    // 2 Q(1.959964) = 0.05, 2 Q(2.575829) = 0.01, 2 Q(3.290527) = 0.001.
    expect(relative(table.pValue(0, 1.959964), 0.05)).toBeLessThan(1e-3);
    expect(relative(table.pValue(0, 2.575829), 0.01)).toBeLessThan(1e-3);
    expect(relative(table.pValue(0, 3.290527), 0.001)).toBeLessThan(1e-3);
  });

  test('read at every look, the smallest so far is below a for a share a of paths under no change (Monte Carlo)', () => {
    const table = boundaryTable(4);
    const draw = normals(44);
    const runs = 40_000;
    const below = { 0.01: 0, 0.05: 0 };
    for (let run = 0; run < runs; run++) {
      const smallest = Math.min(...path(draw, table.fractions).map((z, look) => table.pValue(look, z)));
      if (smallest <= 0.01) below[0.01]++;
      if (smallest <= 0.05) below[0.05]++;
    }
    expect(Math.abs(below[0.05] / runs - 0.05)).toBeLessThan(0.004);
    expect(Math.abs(below[0.01] / runs - 0.01)).toBeLessThan(0.002);
  });
});

function relative(got: number, want: number): number {
  return Math.abs(got - want) / want;
}
