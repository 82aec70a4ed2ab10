/**
 * The impact report as the health phase runs it, within the shared request budget. Its end date is the analytics window's
 * end (`analytics-to`, `analytics-days`), else today; only calendar weeks ended by then are read.
 */
import type { ImpactSettings, RecordedVerdict } from '../analytics/impact-report.js';
import type { ImpactReadOptions, ImpactRunner } from '../analytics/run-health.js';
import type { AnalyticsWindow } from '../analytics/settings.js';
import { askFor } from '../github/failure.js';
import type { RepositoryHandle } from '../github/repository.js';
import { buildImpactReport, windowsOf } from './measure.js';
import { readMergedPulls } from './pulls.js';
import { dayOf, type Day } from './windows.js';

export interface ImpactSource {
  readonly github: RepositoryHandle;
  readonly settings: ImpactSettings;
  readonly window: AnalyticsWindow;
  /** With impact-comment: the verdicts the pull requests' impact comments recorded (final). */
  readonly recorded?: (numbers: readonly number[]) => Promise<ReadonlyMap<number, RecordedVerdict>>;
}

export class ImpactUnavailable extends Error {
  override readonly name = 'ImpactUnavailable';
}

/** The end date, exclusive: a day not over yet (today, or the day a window ends within) is not read. */
function endOf(window: AnalyticsWindow, options: ImpactReadOptions): Day {
  return dayOf(new Date(window.to?.epochMs ?? options.clock()));
}

export function impactRunner(source: ImpactSource): ImpactRunner {
  return async (options) => {
    const { github, settings } = source;
    if (!github.ok) {
      const why = { 'no-token': 'github-token is empty', 'no-repository': 'GITHUB_REPOSITORY is not set', 'bad-endpoint': github.detail };
      throw new ImpactUnavailable(`the merged pull requests cannot be read: ${why[github.reason]}.`);
    }
    const end = endOf(source.window, options);
    const merged = await readMergedPulls(github.client, { repository: github.repository, end, settings });
    if (merged.kind === 'refused') {
      throw new ImpactUnavailable(
        `GitHub refused the pull request list (${merged.status}); ${askFor(merged.permission, 'grant')}: ${merged.detail}`,
      );
    }
    if (merged.kind === 'unavailable') throw new ImpactUnavailable(`GitHub did not answer the pull request list: ${merged.detail}`);
    // Only a pull request with an ended look can have been given a verdict before.
    const looked = merged.pulls.filter((pull) => windowsOf(pull, end, settings.windowDays).looks > 0).map((pull) => pull.number);
    const recorded = source.recorded === undefined || looked.length === 0 ? undefined : await source.recorded(looked);
    return buildImpactReport(options, { merged, settings, end, ...(recorded && { recorded }) });
  };
}
