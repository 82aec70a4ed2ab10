/**
 * Who wrote a record of the docs stream: the workflow and the project, as a short digest the record
 * carries. Every workflow of a repository writes with the same account, so the account alone cannot
 * tell a push workflow's record from a release workflow's, or one project's from another's.
 */
import { createHash } from 'node:crypto';

/** Hex digits kept: 32 bits, short enough for a status description, wide enough for a repository's workflows. */
export const WRITER_DIGITS = 8;

export const WRITER_FORM = new RegExp(`^[0-9a-f]{${WRITER_DIGITS}}$`);

/** `workflowPath`: `.github/workflows/docs.yml`, empty when the runner did not name it. */
export function recordWriter(workflowPath: string | undefined, projectId: string | undefined): string {
  return createHash('sha256')
    .update(`${workflowPath ?? ''}\n${projectId ?? ''}`)
    .digest('hex')
    .slice(0, WRITER_DIGITS);
}
