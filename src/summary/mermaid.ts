/** Mermaid charts (GitHub renders ```mermaid blocks): labels come from the service, so they go through mermaidLabel. */
import { withoutInvisible } from '../text/invisible.js';
import { truncatePath } from '../text/truncate.js';

const LABEL_CHARS = 40;

/**
 * Only letters, digits, spaces and `/ - _ . ~` are kept: quotes would end the string, newlines the statement, `%%` starts a
 * comment, `#…;` is an entity code, brackets end the axis list, and backticks could close the fence. Invisible characters go
 * first (Hangul fillers are letters to `\p{L}`); long paths keep their start and last segment (truncatePath).
 */
export function mermaidLabel(text: string): string {
  const safe = withoutInvisible(text)
    .replace(/[^\p{L}\p{N} /\-_.~]/gu, '_')
    .replace(/\s+/g, ' ')
    .trim();
  return truncatePath(safe === '' ? '_' : safe, LABEL_CHARS);
}

export interface BarChart {
  /** The action's own words: no quotes. */
  readonly title: string;
  readonly valueAxis: string;
  /** One label per bar, already made safe with mermaidLabel (and prefixed as the caller likes). */
  readonly labels: readonly string[];
  /**
   * Series drawn in order, each over the one before at the same place (xychart has no stacking):
   * to show parts of a whole, pass cumulative series from the longest down.
   */
  readonly series: ReadonlyArray<readonly number[]>;
  readonly palette: readonly string[];
}

/**
 * Horizontal, so long labels stay readable; from 0, so bar lengths compare truly. Undefined when a value is not a plain count
 * (Mermaid reads plain decimals only: a count past 2^53 would print as 1e+21).
 */
export function horizontalBarChart(chart: BarChart): string[] | undefined {
  const values = chart.series.flat();
  if (values.some((value) => !Number.isFinite(value) || value < 0 || value > Number.MAX_SAFE_INTEGER)) return undefined;
  const top = Math.max(1, ...values.map(Math.round));
  const config = {
    xyChart: { width: 900, height: Math.max(220, 70 + 36 * chart.labels.length) },
    themeVariables: { xyChart: { plotColorPalette: chart.palette.join(', ') } },
  };
  return [
    '```mermaid',
    `%%{init: ${JSON.stringify(config)}}%%`,
    'xychart-beta horizontal',
    `    title "${chart.title}"`,
    `    x-axis [${chart.labels.map((label) => `"${label}"`).join(', ')}]`,
    `    y-axis "${chart.valueAxis}" 0 --> ${top}`,
    ...chart.series.map((series) => `    bar [${series.map((value) => String(Math.round(value))).join(', ')}]`),
    '```',
  ];
}
