/**
 * The weekly looks at a pull request's change: a group-sequential design with O'Brien–Fleming-type
 * spending (Lan and DeMets), two-sided and symmetric, each side spending α/2 as
 * α(τ) = 2 − 2Φ(z₁₋α/₄ / √τ) of the information τ seen so far. Early looks spend almost nothing, so
 * only a large change is called before the after window ends, and the last look's boundary stays
 * close to the fixed test's 1.96.
 *
 * The boundaries come from the joint distribution of the looks' z statistics (a Brownian motion in information time:
 * Z_k = √r Z_{k−1} + √(1 − r) X, r = τ_{k−1} / τ_k), integrated look by look on a grid with Simpson's rule (Jennison and
 * Turnbull, Group Sequential Methods, ch. 19).
 *
 * The repeated p-value, the smallest level whose boundaries any look so far has crossed, is valid whenever it is read
 * (under no change, P(p ≤ a) ≤ a at every look), so the correction across pull requests can take it at any look.
 */
import { normalDensity, normalTail, SIGNIFICANCE, upperQuantile } from './stats.js';

/** The density beyond |z| = 8 holds less than 10⁻¹⁵ of the mass: the grid stops there. */
const GRID_EDGE = 8;
/** The smallest p-value told apart (repeated p-values below it are reported as it). */
export const P_FLOOR = 1e-8;
const TABLE_LEVELS = Array.from({ length: 81 }, (_, i) => 10 ** (-8 + i / 10));

/**
 * The information fraction of each weekly look when the before window and the after window are both
 * `weeks` weeks of equal volume: the change's variance is proportional to 1/weeks + 1/k after k
 * weeks, so τ_k = (2 / weeks) / (1 / weeks + 1 / k) = 2k / (weeks + k).
 */
export function informationFractions(weeks: number): number[] {
  return Array.from({ length: weeks }, (_, i) => (2 * (i + 1)) / (weeks + i + 1));
}

/** The two-sided level spent by information τ: twice one side's α(τ) = 2 − 2Φ(z₁₋α/₄ / √τ). */
export function spentBy(alpha: number, tau: number): number {
  return 4 * normalTail(upperQuantile(alpha / 4) / Math.sqrt(tau));
}

/** The density of the look's z statistic on the paths that have not crossed yet, on Simpson nodes. */
interface Continuation {
  readonly nodes: Float64Array;
  /** Simpson weight × density at each node. */
  readonly mass: Float64Array;
}

function simpsonGrid(edge: number, step: number): { nodes: Float64Array; weights: Float64Array } {
  const intervals = 2 * Math.max(8, Math.ceil(edge / step));
  const h = (2 * edge) / intervals;
  const nodes = new Float64Array(intervals + 1);
  const weights = new Float64Array(intervals + 1);
  for (let i = 0; i <= intervals; i++) {
    nodes[i] = -edge + i * h;
    weights[i] = ((i === 0 || i === intervals ? 1 : i % 2 === 1 ? 4 : 2) * h) / 3;
  }
  return { nodes, weights };
}

/** P(no crossing before, |Z_k| ≥ c) from the continuation of look k − 1. */
function crossing(previous: Continuation, root: number, spread: number, c: number): { p: number; slope: number } {
  let p = 0;
  let slope = 0;
  for (let i = 0; i < previous.nodes.length; i++) {
    const shift = (previous.nodes[i] as number) * root;
    const mass = previous.mass[i] as number;
    const upper = (c - shift) / spread;
    const lower = (c + shift) / spread;
    p += mass * (normalTail(upper) + normalTail(lower));
    slope -= (mass * (normalDensity(upper) + normalDensity(lower))) / spread;
  }
  return { p, slope };
}

/** The boundary c with crossing probability `target` at this look: Newton steps on log p, kept inside a bracket. */
function solveBoundary(previous: Continuation, root: number, spread: number, target: number): number {
  let low = 0;
  let high = 40;
  let c = upperQuantile(Math.min(0.5, target / 2));
  for (let step = 0; step < 100; step++) {
    const { p, slope } = crossing(previous, root, spread, c);
    if (p > target) low = c;
    else high = c;
    const next = p > 0 ? c - ((Math.log(p) - Math.log(target)) * p) / slope : (low + high) / 2;
    const inside = Number.isFinite(next) && next > low && next < high ? next : (low + high) / 2;
    if (Math.abs(inside - c) < 1e-10) return inside;
    c = inside;
  }
  return c;
}

function firstLook(c: number, step: number): Continuation {
  const { nodes, weights } = simpsonGrid(Math.min(c, GRID_EDGE), step);
  return { nodes, mass: weights.map((weight, i) => weight * normalDensity(nodes[i] as number)) };
}

function nextLook(previous: Continuation, root: number, spread: number, c: number, step: number): Continuation {
  const { nodes, weights } = simpsonGrid(Math.min(c, GRID_EDGE), step);
  const mass = new Float64Array(nodes.length);
  for (let j = 0; j < nodes.length; j++) {
    let density = 0;
    for (let i = 0; i < previous.nodes.length; i++) {
      density += (previous.mass[i] as number) * normalDensity(((nodes[j] as number) - (previous.nodes[i] as number) * root) / spread);
    }
    mass[j] = ((weights[j] as number) * density) / spread;
  }
  return { nodes, mass };
}

/** The grid step for the continuation a look hands on: fine enough for the next look's spread. */
function stepFor(fractions: readonly number[], look: number): number {
  const here = fractions[look] as number;
  const next = fractions[look + 1];
  return next === undefined ? 0.08 : Math.min(0.08, Math.sqrt(1 - here / next) / 6);
}

/** The two-sided boundaries of the looks at information `fractions` (increasing, the last 1) for level `alpha`. */
export function boundaries(fractions: readonly number[], alpha: number): number[] {
  const result: number[] = [];
  let previous: Continuation | undefined;
  let spent = 0;
  for (const [look, tau] of fractions.entries()) {
    const target = spentBy(alpha, tau) - spent;
    spent += target;
    const before = fractions[look - 1];
    if (previous === undefined || before === undefined) {
      const c = target >= 1 ? 0 : upperQuantile(target / 2);
      result.push(c);
      previous = firstLook(c, stepFor(fractions, look));
      continue;
    }
    const root = Math.sqrt(before / tau);
    const spread = Math.sqrt(1 - before / tau);
    const c = solveBoundary(previous, root, spread, target);
    result.push(c);
    if (look + 1 < fractions.length) previous = nextLook(previous, root, spread, c, stepFor(fractions, look));
  }
  return result;
}

/** Each level computed when a repeated p-value first needs it (a binary search needs about seven of the 81), then kept. */
export class BoundaryTable {
  readonly fractions: readonly number[];
  private readonly rows = new Map<number, readonly number[]>();

  /** The boundaries at the verdict's level, SIGNIFICANCE: each look's 95 % interval is the estimate ± its boundary × its standard error. */
  readonly atSignificance: readonly number[];

  constructor(weeks: number) {
    this.fractions = informationFractions(weeks);
    this.atSignificance = boundaries(this.fractions, SIGNIFICANCE);
  }

  /** The boundary of look `look` (0-based) at level TABLE_LEVELS[row]. */
  boundary(row: number, look: number): number {
    let known = this.rows.get(row);
    if (known === undefined) {
      known = boundaries(this.fractions, TABLE_LEVELS[row] as number);
      this.rows.set(row, known);
    }
    return known[look] ?? Number.NaN;
  }

  /**
   * The level whose boundary at look `look` (0-based) is |z|, interpolated between the tabulated levels (log level linear in
   * c², as in the normal tail); P_FLOOR at least, 1 at most.
   */
  pValue(look: number, z: number): number {
    const size = Math.abs(z);
    // No statistic (no votes to compare): nothing to reject.
    if (Number.isNaN(size)) return 1;
    let low = 0;
    let high = TABLE_LEVELS.length - 1;
    if (!(size < this.boundary(low, look))) return P_FLOOR;
    if (size <= this.boundary(high, look)) return 1;
    // Boundaries fall as the level rises: boundary(low) > size ≥ boundary(high).
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (this.boundary(middle, look) > size) low = middle;
      else high = middle;
    }
    const [c0, c1] = [this.boundary(low, look), this.boundary(high, look)];
    const [l0, l1] = [Math.log(TABLE_LEVELS[low] as number), Math.log(TABLE_LEVELS[high] as number)];
    return Math.min(1, Math.exp(l0 + ((c0 * c0 - size * size) / (c0 * c0 - c1 * c1)) * (l1 - l0)));
  }
}

const tables = new Map<number, BoundaryTable>();

/** The design of `weeks` weekly looks (informationFractions), one table per process. */
export function boundaryTable(weeks: number): BoundaryTable {
  const known = tables.get(weeks) ?? new BoundaryTable(weeks);
  tables.set(weeks, known);
  return known;
}
