/** `comment` (the job's comment on the triggering thread) and `report-issue`; both write with `github-token`. */
import { InputError } from '../errors.js';
import type { InputReader } from '../inputs/reader.js';
import type { AnalyticsSettings } from '../analytics/settings.js';

export const COMMENT_INPUTS = {
  comment: 'false',
  'report-issue': '',
} as const;

export type CommentInput = keyof typeof COMMENT_INPUTS;

export interface JobCommentSettings {
  readonly token: string;
}

export interface ReportIssueSettings {
  readonly number: number;
  readonly token: string;
}

export function readJobCommentSettings(inputs: InputReader<CommentInput>, githubToken: string | undefined): JobCommentSettings | undefined {
  if (!inputs.bool('comment')) return undefined;
  if (githubToken === undefined) {
    throw new InputError('github-token', "is empty but 'comment' is true; pass a token with issues: write, such as ${{ github.token }}.");
  }
  return { token: githubToken };
}

export function readReportIssueSettings(
  inputs: InputReader<CommentInput>,
  analytics: AnalyticsSettings | undefined,
  githubToken: string | undefined,
): ReportIssueSettings | undefined {
  const value = inputs.text('report-issue');
  if (value === '') return undefined;
  const number = /^#?(\d{1,9})$/.exec(value)?.[1];
  if (number === undefined || Number(number) < 1) {
    throw new InputError('report-issue', `must be an issue number such as '42', got '${value}'.`);
  }
  if (analytics === undefined) throw new InputError('report-issue', "needs 'analytics: true': the comment holds the analytics report.");
  if (githubToken === undefined) {
    throw new InputError(
      'github-token',
      "is empty but 'report-issue' is set; pass a token with issues: write, such as ${{ github.token }}.",
    );
  }
  return { number: Number(number), token: githubToken };
}
