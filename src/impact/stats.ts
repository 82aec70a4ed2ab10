/**
 * The test behind a verdict: did the thumbs-down share of a page (or a pull request's pages) move
 * between two windows by more than chance would? A two-proportion z-test with the pooled share,
 * two-sided, at 95 %. It assumes independent votes and enough of them on each side (the caller
 * requires `impact-min-votes` per window), which is why it never speaks below that minimum.
 */

/** The significance level of a verdict: 95 % confidence, two-sided. */
export const SIGNIFICANCE = 0.05;

/**
 * The error function, Abramowitz and Stegun 7.1.26: |error| ≤ 1.5 × 10⁻⁷ for every x, ample for a
 * test at 95 % (p-values are compared with 0.05, never shown with more than a few digits).
 */
export function erf(x: number): number {
  return x < 0 ? erfc(-x) - 1 : 1 - erfc(x);
}

/** 1 − erf(x) for x ≥ 0, computed directly (7.1.26's own form), so a tail is not the difference of two numbers near 1. */
function erfc(x: number): number {
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return poly * Math.exp(-x * x);
}

/** The standard normal distribution function Φ(z) = (1 + erf(z / √2)) / 2; absolute error ≤ 10⁻⁷. */
export function normalCdf(z: number): number {
  return 0.5 * (1 + erf(z / Math.SQRT2));
}

export interface ProportionTest {
  /** Share in the first window (before): successes ÷ trials; 0 with no trials. */
  readonly before: number;
  readonly after: number;
  /** The z statistic (after minus before over the pooled standard error); 0 when it is undefined. */
  readonly z: number;
  /** Two-sided p-value; 1 when the test cannot tell (no trials, or every vote the same on both sides). */
  readonly pValue: number;
  /** pValue < SIGNIFICANCE. */
  readonly significant: boolean;
}

/**
 * Two-proportion z-test with the pooled share: `x1` of `n1` before, `x2` of `n2` after.
 * z = (p2 − p1) / √(p(1 − p)(1/n1 + 1/n2)), p = (x1 + x2) / (n1 + n2); p-value = 2(1 − Φ(|z|)).
 */
export function twoProportionTest(x1: number, n1: number, x2: number, n2: number): ProportionTest {
  const before = n1 > 0 ? x1 / n1 : 0;
  const after = n2 > 0 ? x2 / n2 : 0;
  if (n1 <= 0 || n2 <= 0) return { before, after, z: 0, pValue: 1, significant: false };
  const pooled = (x1 + x2) / (n1 + n2);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (standardError === 0) return { before, after, z: 0, pValue: 1, significant: false };
  const z = (after - before) / standardError;
  // 2(1 − Φ(|z|)) = erfc(|z| / √2).
  const pValue = Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
  return { before, after, z, pValue, significant: pValue < SIGNIFICANCE };
}
