/**
 * Each pull request's change with its 95 % interval against a zero line, as text in a fenced block. Only numbers and drawing
 * characters go in (a pull request by its number, never its title): nothing needs escaping, no text can close the fence.
 */
import type { PullImpact } from '../analytics/impact-report.js';

/** Columns of the axis: odd, so 0 has a middle column. */
const WIDTH = 41;
/** Pull requests drawn at most; the table has them all. */
export const CHART_ROWS = 25;
const SHORT_VERDICT: Readonly<Record<PullImpact['verdict'], string>> = {
  improved: 'improved',
  worse: 'worse',
  'no clear change': 'inconclusive',
  'too little data': 'too little data',
  measuring: 'measuring',
};

/** A signed number of points, one decimal, with a true minus sign. */
export function signedPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  const text = Math.abs(rounded).toFixed(1);
  return rounded > 0 ? `+${text}` : rounded < 0 ? `−${text}` : text;
}

/** The axis' half-width: a round number of points covering every interval, at most 100. */
function reach(pulls: readonly PullImpact[]): number {
  const widest = Math.max(...pulls.map((pull) => Math.max(Math.abs(pull.effect?.low ?? 0), Math.abs(pull.effect?.high ?? 0))));
  return [5, 10, 20, 30, 40, 50, 60, 80, 100].find((half) => half >= widest) ?? 100;
}

function column(points: number, half: number): number {
  const middle = (WIDTH - 1) / 2;
  return Math.max(0, Math.min(WIDTH - 1, Math.round(middle + (points / half) * middle)));
}

function bar(effect: NonNullable<PullImpact['effect']>, half: number): string {
  const cells = Array.from({ length: WIDTH }, () => ' ');
  const [low, high, zero] = [column(effect.low, half), column(effect.high, half), column(0, half)];
  cells[zero] = '│';
  for (let i = low; i <= high; i++) cells[i] = '─';
  cells[low] = effect.low < -half ? '◀' : '├';
  cells[high] = effect.high > half ? '▶' : '┤';
  cells[column(effect.points, half)] = '●';
  return cells.join('');
}

function axis(half: number): string[] {
  const ticks = Array.from({ length: WIDTH }, () => '─');
  const labels = Array.from({ length: WIDTH + 8 }, () => ' ');
  for (const value of [-half, -half / 2, 0, half / 2, half]) {
    const at = column(value, half);
    ticks[at] = '┼';
    const text = value === 0 ? '0' : signedPoints(value).replace('.0', '');
    const start = Math.max(0, at - Math.floor(text.length / 2));
    for (const [i, char] of [...text].entries()) labels[start + i] = char;
  }
  return [labels.join('').trimEnd(), ticks.join('')];
}

/** The chart's lines (a fenced block), or none when no pull request has a change to draw. */
export function impactChart(pulls: readonly PullImpact[]): string[] {
  const drawn = pulls.filter((pull) => pull.effect !== undefined).slice(0, CHART_ROWS);
  if (drawn.length === 0) return [];
  const half = reach(drawn);
  const label = (text: string) => text.padEnd(8);
  const rows = drawn.map((pull) => {
    const effect = pull.effect as NonNullable<PullImpact['effect']>;
    const interval = `${signedPoints(effect.points)} (${signedPoints(effect.low)} to ${signedPoints(effect.high)})`;
    return `${label(`#${pull.number}`)}${bar(effect, half)}  ${interval.padEnd(24)}${SHORT_VERDICT[pull.verdict]}`;
  });
  const more = pulls.filter((pull) => pull.effect !== undefined).length - drawn.length;
  const [labels, ticks] = axis(half);
  return [
    "Each pull request's change in 👍 share against the pages no pull request changed, in points, with its 95 % interval:",
    '',
    '```text',
    `${label('')}${labels}`,
    `${label('')}${ticks}`,
    ...rows,
    ...(more > 0 ? [`${label('')}… and ${more} more in the table`] : []),
    '```',
  ];
}
