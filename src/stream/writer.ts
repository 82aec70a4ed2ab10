/**
 * Who wrote a record of the docs stream (the `docs-agent` status, the entries of the tracking
 * comment's record line): the workflow and the project, as one short digest the record carries
 * and a later run reads back. Every workflow of a repository writes with the same token account,
 * so the account alone cannot tell a push workflow's record from a release workflow's, or project
 * A's from project B's; a run follows only a record whose digest is its own.
 */
import { createHash } from 'node:crypto';

/** Hex digits kept: 32 bits, short enough for a status description, wide enough for a repository's workflows. */
export const WRITER_DIGITS = 8;

export const WRITER_FORM = new RegExp(`^[0-9a-f]{${WRITER_DIGITS}}$`);

/**
 * The digest of the workflow's file path (`.github/workflows/docs.yml`; empty when the runner did
 * not name it) and the project id.
 */
export function recordWriter(workflowPath: string | undefined, projectId: string | undefined): string {
  return createHash('sha256')
    .update(`${workflowPath ?? ''}\n${projectId ?? ''}`)
    .digest('hex')
    .slice(0, WRITER_DIGITS);
}
