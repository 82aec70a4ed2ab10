/** Impact reports for the renderers' unit tests: pull requests with a verdict each, as measure.ts makes them. */
import type { HealthReport, ImpactProgress } from '../../../src/analytics/health-report.js';
import { IMPACT_DEFAULTS, NO_COUNTS, type PullImpact, type Verdict, type WindowCounts } from '../../../src/analytics/impact-report.js';

export function counts(down: number, votes: number, views = 100): WindowCounts {
  return { ...NO_COUNTS, thumbsDown: down, thumbsUp: votes - down, views };
}

/** A change in points with a symmetric interval of ± `half`. */
export function change(points: number, half: number, pValue = 0.5) {
  return { points, low: points - half, high: points + half, standardError: half / 2, pValue, detectable: half * 1.4 };
}

export function pullImpact(
  number: number,
  verdict: Verdict,
  before: WindowCounts,
  after: WindowCounts,
  title = `Docs ${number}`,
  effect: PullImpact['effect'] = undefined,
): PullImpact {
  return {
    number,
    title,
    author: 'mintlify[bot]',
    url: `https://github.com/acme/docs/pull/${number}`,
    mergedAt: '2026-01-28T12:00:00Z',
    createdAt: '2026-01-27T09:00:00Z',
    windows: { before: { from: '2025-12-22', to: '2026-01-19' }, after: { from: '2026-02-02', to: '2026-03-02' } },
    pages: [{ path: `/guides/page-${number}`, before, after, seen: true }],
    before,
    after,
    verdict,
    look: verdict === 'measuring' ? 2 : 4,
    looks: 4,
    ...(effect && { effect }),
    ...(verdict === 'measuring' && { verdictOn: '2026-03-23' }),
  };
}

export function impactProgress(pulls: readonly PullImpact[], leftOut: readonly string[] = []): ImpactProgress {
  const totals = { improved: 0, worse: 0, 'no clear change': 0, 'too little data': 0, measuring: 0 };
  for (const pull of pulls) totals[pull.verdict]++;
  return {
    end: '2026-03-02',
    settings: IMPACT_DEFAULTS,
    pulls,
    morePulls: 0,
    controlPages: 48,
    totals,
    costs: { analyticsRequests: 24, githubRequests: 1 + pulls.length, listRequests: 1, filesRequests: pulls.length },
    leftOut,
    method: 'The method. Its limits.',
    requests: 24,
    complete: leftOut.length === 0,
    warnings: [],
  };
}

export function healthWithImpact(impact: ImpactProgress): HealthReport {
  return {
    window: {},
    reports: ['impact'],
    top: 10,
    impact: { ok: true, report: impact },
    budget: {
      limit: 100,
      total: impact.requests,
      used: { visitors: 0, views: 0, searches: 0, feedback: 0, assistant: 0, impact: impact.requests },
    },
  };
}
