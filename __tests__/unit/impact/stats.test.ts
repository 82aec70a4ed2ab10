/**
 * The impact verdict's statistics: the normal distribution function against values computed here
 * independently (a series of erf with only positive terms, summed to double precision), and the
 * two-proportion z-test against textbook examples worked out by hand in the test.
 */
import { describe, expect, test } from '@jest/globals';
import { erf, normalCdf, SIGNIFICANCE, twoProportionTest } from '../../../src/impact/stats.js';

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

/** The pooled z statistic, written out independently of the module. */
function pooledZ(x1: number, n1: number, x2: number, n2: number): number {
  const p = (x1 + x2) / (n1 + n2);
  return (x2 / n2 - x1 / n1) / Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2));
}

describe('normal distribution', () => {
  test.each([0, 0.1, 0.5, 1, 1.5, 1.96, 2, 2.5, 3, 4])('erf(%p) is within 1.5e-7 of the series', (x) => {
    expect(Math.abs(erf(x) - seriesErf(x))).toBeLessThanOrEqual(1.5e-7);
    expect(Math.abs(erf(-x) + seriesErf(x))).toBeLessThanOrEqual(1.5e-7);
  });

  test('Φ at the familiar quantiles: 0.5, 0.975 at 1.96, 0.995 at 2.576', () => {
    expect(Math.abs(normalCdf(0) - 0.5)).toBeLessThan(1e-7);
    expect(Math.abs(normalCdf(1.959964) - 0.975)).toBeLessThan(2e-7);
    expect(Math.abs(normalCdf(2.575829) - 0.995)).toBeLessThan(2e-7);
    expect(Math.abs(normalCdf(-1.959964) - 0.025)).toBeLessThan(2e-7);
  });
});

describe('two-proportion z-test', () => {
  test('40 % down of 140 votes before, 10 % of 140 after: a significant fall', () => {
    const result = twoProportionTest(56, 140, 14, 140);
    const z = pooledZ(56, 140, 14, 140);
    expect(result.z).toBeCloseTo(z, 10);
    expect(result.pValue).toBeCloseTo(1 - seriesErf(Math.abs(z) / Math.SQRT2), 6);
    expect(result.before).toBeCloseTo(0.4, 12);
    expect(result.after).toBeCloseTo(0.1, 12);
    expect(result.significant).toBe(true);
  });

  test('a textbook case near the edge: 45 of 100 against 30 of 100 (z ≈ −2.19, p ≈ 0.029)', () => {
    const result = twoProportionTest(45, 100, 30, 100);
    const z = pooledZ(45, 100, 30, 100);
    expect(z).toBeCloseTo(-2.1909, 3);
    expect(result.z).toBeCloseTo(z, 10);
    expect(result.pValue).toBeCloseTo(1 - seriesErf(Math.abs(z) / Math.SQRT2), 6);
    expect(result.pValue).toBeLessThan(SIGNIFICANCE);
    expect(result.significant).toBe(true);
  });

  test('a small move on few votes is not significant: 5 of 20 against 7 of 20', () => {
    const result = twoProportionTest(5, 20, 7, 20);
    expect(result.pValue).toBeCloseTo(1 - seriesErf(Math.abs(pooledZ(5, 20, 7, 20)) / Math.SQRT2), 6);
    expect(result.pValue).toBeGreaterThan(0.4);
    expect(result.significant).toBe(false);
  });

  test('no votes, or every vote alike on both sides: the test cannot tell (p = 1)', () => {
    expect(twoProportionTest(0, 0, 3, 10)).toMatchObject({ z: 0, pValue: 1, significant: false });
    expect(twoProportionTest(0, 50, 0, 80)).toMatchObject({ z: 0, pValue: 1, significant: false });
    expect(twoProportionTest(50, 50, 80, 80)).toMatchObject({ z: 0, pValue: 1, significant: false });
  });
});
