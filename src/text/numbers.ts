/** Numbers as the summary shows them: thousands separators, shares and changes with one decimal. */
import { counted } from './plural.js';

const COUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatCount(value: number): string {
  return COUNT_FORMAT.format(value);
}

/** "1 page", "1,234 pages": a count with thousands separators and its noun. */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return counted(count, one, other, formatCount);
}

/** `part` as a percentage of `whole`, one decimal; a dash when there is no whole. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—';
}

/** Absolute and relative change; a previous value of 0 has no percentage. */
export function formatChange(current: number, previous: number): string {
  const delta = current - previous;
  const absolute = `${delta > 0 ? '+' : delta < 0 ? '-' : '±'}${formatCount(Math.abs(delta))}`;
  if (previous === 0) return delta === 0 ? `${absolute} (0.0%)` : `${absolute} (no percentage: previous window had 0)`;
  const relative = (delta / previous) * 100;
  return `${absolute} (${relative > 0 ? '+' : relative < 0 ? '-' : '±'}${Math.abs(relative).toFixed(1)}%)`;
}
