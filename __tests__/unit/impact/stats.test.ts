/**
 * The impact verdict's distributions and corrections (src/impact/stats.ts) against values computed
 * here another way — a series for erf with only positive terms, the step-up rule of Benjamini and
 * Hochberg as they define it, the closed form of DerSimonian–Laird for equal variances — and
 * against published values (normal tail and quantiles, the example of Benjamini and Hochberg 1995).
 */
import { describe, expect, test } from '@jest/globals';
import { generator } from '../../../scripts/soak/plan.js';
import {
  benjaminiHochberg,
  normalCdf,
  normalQuantile,
  normalTail,
  randomEffects,
  twoSidedP,
  upperQuantile,
} from '../../../src/impact/stats.js';

/** erf(x) = 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)): every term positive, no cancellation. */
function seriesErf(x: number): number {
  let term = x;
  let sum = x;
  for (let n = 1; n < 500 && term > 1e-18 * sum; n++) {
    term *= (2 * x * x) / (2 * n + 1);
    sum += term;
  }
  return (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
}

const relative = (got: number, want: number) => Math.abs(got - want) / want;

describe('the normal distribution', () => {
  test.each([0, 0.1, 0.5, 1, 1.5, 1.96, 2, 2.5, 2.99, 3, 3.5, 4])('Q(%p) = (1 − erf(x/√2)) / 2 by the series, to 10⁻¹⁴', (x) => {
    const want = (1 - seriesErf(x / Math.SQRT2)) / 2;
    expect(Math.abs(normalTail(x) - want)).toBeLessThan(1e-14);
    expect(Math.abs(normalCdf(-x) - want)).toBeLessThan(1e-14);
    expect(Math.abs(normalCdf(x) - (1 - want))).toBeLessThan(1e-14);
  });

  // Published upper tail probabilities of the standard normal distribution.
  test.each([
    [5, 2.866515718791939e-7],
    [6, 9.865876450377e-10],
    [8, 6.220960574271784e-16],
    [10, 7.61985302416047e-24],
  ])('far in the tail Q(%p) = %p to a relative 10⁻¹²', (x, want) => {
    expect(relative(normalTail(x), want)).toBeLessThan(1e-12);
    expect(relative(twoSidedP(-x), 2 * want)).toBeLessThan(1e-12);
  });

  // Published quantiles Φ⁻¹(p).
  test.each([
    [0.975, 1.959963984540054],
    [0.995, 2.5758293035489004],
    [0.9995, 3.2905267314918945],
    [0.8, 0.8416212335729143],
    [0.5, 0],
    [1e-10, -6.361340902404056],
  ])('Φ⁻¹(%p) = %p', (p, want) => {
    expect(Math.abs(normalQuantile(p) - want)).toBeLessThan(1e-9);
  });

  test('the upper quantile keeps its precision where 1 − q rounds to 1', () => {
    expect(Math.abs(upperQuantile(1e-10) - 6.361340902404056)).toBeLessThan(1e-9);
    expect(relative(normalTail(upperQuantile(1e-20)), 1e-20)).toBeLessThan(1e-9);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

/** Benjamini–Hochberg as defined: reject the k smallest, for the largest k with p₍ₖ₎ ≤ k·q/m. */
function stepUp(pValues: readonly number[], q: number): Set<number> {
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  let k = 0;
  order.forEach((item, i) => {
    if (item.p <= ((i + 1) * q) / pValues.length) k = i + 1;
  });
  return new Set(order.slice(0, k).map((item) => item.index));
}

describe('Benjamini–Hochberg', () => {
  test('the example of Benjamini and Hochberg (1995): 15 p-values, 4 rejected at 0.05', () => {
    const pValues = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1];
    const adjusted = benjaminiHochberg(pValues);
    expect(adjusted.filter((p) => p <= 0.05)).toHaveLength(4);
    // p₍₄₎·15/4 = 0.035625 and p₍₅₎·15/5 = 0.0603, the values R's p.adjust gives.
    expect(adjusted[3]).toBeCloseTo(0.035625, 12);
    expect(adjusted[4]).toBeCloseTo(0.0603, 12);
  });

  test('adjusted p-values reject exactly what the step-up rule rejects, at any level, in any order', () => {
    const random = generator(29);
    for (let round = 0; round < 200; round++) {
      const pValues = Array.from({ length: 1 + Math.floor(random() * 30) }, () => (random() < 0.3 ? random() * 0.01 : random()));
      const adjusted = benjaminiHochberg(pValues);
      for (const q of [0.01, 0.05, 0.2]) {
        const rejected = new Set(adjusted.flatMap((p, index) => (p <= q ? [index] : [])));
        expect(rejected).toEqual(stepUp(pValues, q));
      }
      expect(adjusted.every((p, i) => p >= (pValues[i] as number) && p <= 1)).toBe(true);
    }
  });
});

describe('DerSimonian–Laird', () => {
  test('with equal sampling variances v, the between variance is the changes’ sample variance minus v, and the mean their mean', () => {
    const changes = [0.1, -0.05, 0.2, 0.0, 0.15, -0.1];
    const v = 0.002;
    const mean = changes.reduce((a, b) => a + b, 0) / changes.length;
    const sampleVariance = changes.reduce((sum, y) => sum + (y - mean) ** 2, 0) / (changes.length - 1);
    const result = randomEffects(changes.map((change) => ({ change, variance: v })));
    expect(result?.between).toBeCloseTo(sampleVariance - v, 12);
    expect(result?.mean).toBeCloseTo(mean, 12);
    expect(result?.meanVariance).toBeCloseTo(sampleVariance / changes.length, 12);
  });

  test('changes that vary less than their noise: no between variance, the inverse-variance mean', () => {
    const items = [
      { change: 0.01, variance: 0.01 },
      { change: -0.01, variance: 0.04 },
      { change: 0.0, variance: 0.02 },
    ];
    const result = randomEffects(items);
    const weights = items.map((item) => 1 / item.variance);
    const total = weights.reduce((a, b) => a + b, 0);
    expect(result?.between).toBe(0);
    expect(result?.mean).toBeCloseTo(items.reduce((sum, item, i) => sum + (weights[i] as number) * item.change, 0) / total, 12);
    expect(result?.meanVariance).toBeCloseTo(1 / total, 12);
    expect(randomEffects(items.slice(0, 1))).toBeUndefined();
  });
});
