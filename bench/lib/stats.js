// @ts-check
// Small statistics over lists of timings (milliseconds).

/**
 * Value at quantile q (0..1) of the sorted values, interpolated linearly.
 * @param {readonly number[]} values
 * @param {number} q
 */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const lowValue = sorted[low] ?? Number.NaN;
  const highValue = sorted[high] ?? Number.NaN;
  return lowValue + (highValue - lowValue) * (at - low);
}

/** @param {readonly number[]} values */
export const median = (values) => quantile(values, 0.5);

/** @param {readonly number[]} values */
export const mean = (values) => (values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length);

/** @param {readonly number[]} values */
export const max = (values) => (values.length === 0 ? Number.NaN : Math.max(...values));

/**
 * Median with its interquartile range, for a table cell: "123 ms (118–131)".
 * @param {readonly number[]} values
 */
export function summarize(values) {
  return {
    median: median(values),
    p25: quantile(values, 0.25),
    p75: quantile(values, 0.75),
    min: quantile(values, 0),
    runs: values.length,
  };
}

/**
 * @param {number} value
 * @param {number} [digits]
 */
export const round = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
