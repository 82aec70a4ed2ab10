/**
 * The tag that ends every `docs-agent` status and names the writer of each entry of the tracking
 * comment's record line, computed as docs/change-context.md documents it (the first 8 hex digits of
 * SHA-256 over the workflow's file path, a line break and the project id), independently of src/:
 * the end-to-end tests check the built action against the documented form.
 */
import { createHash } from 'node:crypto';

export function recordWriterOf(workflowPath: string, projectId: string): string {
  return createHash('sha256').update(`${workflowPath}\n${projectId}`).digest('hex').slice(0, 8);
}

/** ` [wf <writer>]`, as a status description ends. */
export function writerTag(workflowPath: string, projectId: string): string {
  return ` [wf ${recordWriterOf(workflowPath, projectId)}]`;
}
