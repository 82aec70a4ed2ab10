/**
 * The standard normal (its tail to full relative precision: the sequential boundaries and the correction across pull
 * requests compare it with thresholds near 10⁻⁴), its quantile, Benjamini–Hochberg, and DerSimonian–Laird.
 */

/** The significance level of a verdict: 95 % confidence, two-sided, and the false discovery rate across a report. */
export const SIGNIFICANCE = 0.05;

const SQRT_2PI = Math.sqrt(2 * Math.PI);

export function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z) / SQRT_2PI;
}

/** Φ(x) − ½ for |x| < 3 by its power series x + x³/3 + x⁵/(3·5) + … times φ(x): every term the sign of x, no cancellation. */
function centralPart(x: number): number {
  let term = x;
  let sum = x;
  for (let n = 1; n < 200 && Math.abs(term) > 1e-17 * Math.abs(sum); n++) {
    term *= (x * x) / (2 * n + 1);
    sum += term;
  }
  return normalDensity(x) * sum;
}

/** 1 − Φ(x) for x ≥ 3 by the continued fraction of the Mills ratio, φ(x) / (x + 1/(x + 2/(x + 3/(x + …)))). */
function tailFraction(x: number): number {
  // Terms enough for a relative error below 10⁻¹⁴ (fewer as x grows: the fraction converges faster).
  let fraction = x;
  for (let n = x < 4 ? 50 : x < 5 ? 30 : 20; n >= 1; n--) fraction = x + n / fraction;
  return normalDensity(x) / fraction;
}

/** The upper tail Q(z) = 1 − Φ(z), accurate relative to its own size far into either tail. */
export function normalTail(z: number): number {
  if (z >= 3) return tailFraction(z);
  if (z <= -3) return 1 - tailFraction(-z);
  return 0.5 - centralPart(z);
}

export function normalCdf(z: number): number {
  return normalTail(-z);
}

/** Two-sided p-value of a z statistic: 2 Q(|z|). */
export function twoSidedP(z: number): number {
  return Math.min(1, 2 * normalTail(Math.abs(z)));
}

/** x with Q(x) = q (the upper quantile), for 0 < q < 1: precise for a tiny q, where 1 − q would round to 1. */
export function upperQuantile(q: number): number {
  if (!(q > 0 && q < 1)) throw new RangeError(`upperQuantile: q must be in (0, 1), got ${q}`);
  return q <= 0.5 ? tailQuantile(q) : -tailQuantile(1 - q);
}

/** x with Q(x) = q for 0 < q ≤ ½: Abramowitz and Stegun 26.2.23 (error < 4.5 × 10⁻⁴), then Newton steps on Q. */
function tailQuantile(q: number): number {
  const t = Math.sqrt(-2 * Math.log(q));
  let x = t - (2.515517 + t * (0.802853 + t * 0.010328)) / (1 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
  for (let step = 0; step < 8; step++) {
    const move = (normalTail(x) - q) / normalDensity(x);
    x += move;
    if (Math.abs(move) < 1e-15 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}

/** Φ⁻¹(p), the standard normal quantile, for 0 < p < 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`);
  if (p === 0.5) return 0;
  return p < 0.5 ? -tailQuantile(p) : tailQuantile(1 - p);
}

/**
 * Benjamini–Hochberg adjusted p-values, in the order given: p̃₍ᵢ₎ = min over j ≥ i of m·p₍ⱼ₎ / j
 * (sorted ascending), at most 1. A hypothesis is rejected at false discovery rate q when p̃ ≤ q.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p || a.index - b.index);
  const adjusted = new Array<number>(m).fill(1);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const item = order[rank - 1];
    if (item === undefined) continue;
    running = Math.min(running, (m * item.p) / rank);
    adjusted[item.index] = running;
  }
  return adjusted;
}

/** One measured change and the variance of its sampling error alone. */
export interface Measured {
  readonly change: number;
  readonly variance: number;
  /** The variance its weight is given by, when not `variance` (a weight that must not follow the noise). */
  readonly weightVariance?: number;
}

export interface WeightedMean {
  readonly mean: number;
  /** Its variance from each item's own variance plus τ² (the weights need not be their inverse). */
  readonly variance: number;
}

/** The mean of the changes weighted by 1 / (weight variance + τ²), and its variance Σw²(variance + τ²) / (Σw)². */
export function weightedMean(items: readonly Measured[], between: number): WeightedMean {
  let weights = 0;
  let weighted = 0;
  let spread = 0;
  for (const item of items) {
    const weight = 1 / ((item.weightVariance ?? item.variance) + between);
    weights += weight;
    weighted += weight * item.change;
    spread += weight * weight * (item.variance + between);
  }
  return { mean: weighted / weights, variance: spread / (weights * weights) };
}

export interface RandomEffects {
  readonly mean: number;
  readonly meanVariance: number;
  /** τ²: the variance of the changes beyond their sampling error (between units), DerSimonian–Laird, at least 0. */
  readonly between: number;
  readonly count: number;
}

/**
 * DerSimonian–Laird: the fixed-effect mean and Cochran's Q give the between-unit variance
 * τ² = max(0, (Q − (k − 1)) / (Σw − Σw² / Σw)); the mean is then weighted by 1 / (variance + τ²).
 * Undefined for fewer than two units.
 */
export function randomEffects(items: readonly Measured[]): RandomEffects | undefined {
  if (items.length < 2) return undefined;
  let sumW = 0;
  let sumW2 = 0;
  let sumWY = 0;
  for (const item of items) {
    const w = 1 / item.variance;
    sumW += w;
    sumW2 += w * w;
    sumWY += w * item.change;
  }
  const fixed = sumWY / sumW;
  let q = 0;
  for (const item of items) q += ((item.change - fixed) * (item.change - fixed)) / item.variance;
  const between = Math.max(0, (q - (items.length - 1)) / (sumW - sumW2 / sumW));
  const pooled = weightedMean(
    items.map(({ change, variance }) => ({ change, variance })),
    between,
  );
  return { mean: pooled.mean, meanVariance: pooled.variance, between, count: items.length };
}
