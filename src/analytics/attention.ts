/**
 * The rated-down pages of feedback/by-page joined with their traffic by path. Score = down votes × log10(10 + traffic): down
 * votes are the direct evidence, so they count most; traffic multiplies them between 1 (no known readers) and about 6 (a
 * million), so one down vote on a popular page does not outrank a page many readers rated down, and between pages with as
 * many down votes the more-read one comes first.
 */
import type { PageFeedback } from '../service/analytics-types.js';
import type { AttentionRow } from './health-report.js';
import type { TrafficWatch } from './traffic-watch.js';

/** Which traffic weighs the ranking: unique visitors when fetched, else views. */
export type AttentionTraffic = 'visitors' | 'views';

export function attentionScore(thumbsDown: number, traffic: number | undefined): number {
  return thumbsDown * Math.log10(10 + (traffic ?? 0));
}

/** Score descending, then share of down votes, then down votes, then path. */
function compareRows(a: AttentionRow, b: AttentionRow): number {
  return b.score - a.score || b.downShare - a.downShare || b.thumbsDown - a.thumbsDown || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

export function rankAttention(
  pages: readonly PageFeedback[],
  watch: TrafficWatch,
  traffic: AttentionTraffic | undefined,
  limit: number,
): AttentionRow[] {
  return pages
    .filter((page) => page.thumbsDown > 0)
    .map((page) => {
      const visitors = watch.visitorsOf(page.path);
      const views = watch.viewsOf(page.path);
      const weight = traffic === 'visitors' ? visitors : traffic === 'views' ? views : undefined;
      return {
        path: page.path,
        ...(visitors !== undefined && { visitors }),
        ...(views !== undefined && { views }),
        thumbsUp: page.thumbsUp,
        thumbsDown: page.thumbsDown,
        downShare: page.thumbsDown / (page.thumbsUp + page.thumbsDown),
        score: attentionScore(page.thumbsDown, weight),
      };
    })
    .sort(compareRows)
    .slice(0, limit);
}
