/**
 * The docs check's one comment on a pull request: created when a page is first named, updated in place
 * on each push, and, when a later push names nothing, updated to say so (never deleted). Only the
 * token's own comment with the marker is taken; who the token is is asked only once one turns up.
 */
import { findMarkedComment } from './find.js';
import type { CommentsApi, IssueComment } from './github-api.js';
import { writeMarkedComment, type CommentSteps } from './marked-comment.js';

const STEPS: CommentSteps = {
  find: 'list the comments',
  identify: 'check who wrote the docs check comment',
  update: 'update the docs check comment',
  create: 'create the docs check comment',
};

export interface DocsCheckCommentWrite {
  readonly api: CommentsApi;
  readonly marker: string;
  /** Undefined when nothing is named. */
  readonly named: string | undefined;
  /** Replaces an earlier comment once nothing is named. */
  readonly cleared: string;
}

export type DocsCheckCommentOutcome =
  | { readonly ok: true; readonly comment?: IssueComment; readonly written: 'created' | 'updated' | 'unchanged' | 'none' }
  | { readonly ok: false; readonly step: string; readonly error: unknown };

export async function writeDocsCheckComment(write: DocsCheckCommentWrite): Promise<DocsCheckCommentOutcome> {
  const { api } = write;
  let step = STEPS.find;
  let own: IssueComment | undefined;
  try {
    own = await findMarkedComment(api, write.marker, () => {
      step = STEPS.identify;
      return api.viewerLogin();
    });
  } catch (error) {
    return { ok: false, step, error };
  }
  const body = write.named ?? (own === undefined ? undefined : write.cleared);
  if (body === undefined) return { ok: true, written: 'none' };
  // A re-run of the same push says the same: no write.
  if (own !== undefined && own.body === body) return { ok: true, comment: own, written: 'unchanged' };
  const written = await writeMarkedComment({ api, marker: undefined, known: own, body, steps: STEPS });
  if (!written.ok) return written;
  return { ok: true, comment: written.comment, written: written.created ? 'created' : 'updated' };
}
