/** report-issue's comment: its marker names the project and the window, so the next run over it updates the same comment. */
import { markerValue } from './body.js';

/** GitHub refuses comments over 65,536 characters; the report is rendered within this many bytes (never fewer bytes than characters). */
export const MAX_REPORT_COMMENT_BYTES = 60_000;

/** `<!-- mintlify-docs-agent report=<project>:<from>..<to> -->`; an end left to the service is `default`. */
export function reportMarker(projectId: string, from: string | undefined, to: string | undefined): string {
  return `<!-- mintlify-docs-agent report=${markerValue(`${projectId}:${from ?? 'default'}..${to ?? 'default'}`)} -->`;
}

/** The marker first: the lookup reads only the start. */
export function reportCommentBody(marker: string, report: string, runUrl: string | undefined): string {
  const run = runUrl === undefined ? '' : `\n[Workflow run](${runUrl}) · this comment is updated by each run over the same window.\n`;
  return `${marker}\n${report.trimEnd()}\n${run}`;
}
