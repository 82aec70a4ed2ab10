/**
 * The one way the action writes a comment it keeps up to date: the token's own marked comment
 * (find.ts) updated in place, keeping what it records (review-record.ts), or a new one. Nothing
 * throws: a failure comes back with the step it failed at, for the caller's warning.
 */
import { findMarkedComment } from './find.js';
import type { CommentsApi, IssueComment } from './github-api.js';
import { carryRecorded } from './review-record.js';

/** The steps of a write in the caller's words, each completing "Could not … on issue #7". */
export interface CommentSteps {
  readonly find: string;
  readonly identify: string;
  readonly update: string;
  readonly create: string;
}

/** More work after a comment was created (the report's duplicate cleanup), failing as `step`. */
export interface AfterCreate<Api extends CommentsApi> {
  readonly step: string;
  readonly run: (created: IssueComment, api: Api, ownLogin: () => Promise<string>) => Promise<IssueComment>;
}

export interface MarkedCommentWrite<Api extends CommentsApi> {
  readonly api: Api;
  /** Undefined: nothing to look for, the comment is created. */
  readonly marker: string | undefined;
  readonly body: string;
  readonly steps: CommentSteps;
  /** Already held by the caller: updated without a lookup. */
  readonly known?: IssueComment | undefined;
  /** `api.viewerLogin` when absent; asked at most once a write. */
  readonly ownLogin?: () => Promise<string>;
  /** Before `afterCreate`, for the log line. */
  readonly onWritten?: (comment: IssueComment, created: boolean) => void;
  readonly afterCreate?: AfterCreate<Api>;
}

export type MarkedCommentOutcome =
  | { readonly ok: true; readonly comment: IssueComment; readonly created: boolean }
  | { readonly ok: false; readonly step: string; readonly error: unknown };

export async function writeMarkedComment<Api extends CommentsApi>(write: MarkedCommentWrite<Api>): Promise<MarkedCommentOutcome> {
  const { api, steps } = write;
  let step = steps.find;
  let login: Promise<string> | undefined;
  const ownLogin = async (): Promise<string> => {
    const during = step;
    step = steps.identify;
    // A failure to learn who the token is throws: it must not fall back to trusting any author.
    login ??= write.ownLogin === undefined ? api.viewerLogin() : write.ownLogin();
    const found = await login;
    step = during;
    return found;
  };
  try {
    const existing = write.known ?? (write.marker === undefined ? undefined : await findMarkedComment(api, write.marker, ownLogin));
    if (existing !== undefined) {
      step = steps.update;
      // The reviews and commands the comment records stay recorded whatever the new body says (review-record.ts).
      const updated = await api.update(existing.id, carryRecorded(existing.body, write.body));
      write.onWritten?.(updated, false);
      return { ok: true, comment: updated, created: false };
    }
    step = steps.create;
    const created = await api.create(write.body);
    write.onWritten?.(created, true);
    if (write.afterCreate === undefined) return { ok: true, comment: created, created: true };
    step = write.afterCreate.step;
    return { ok: true, comment: await write.afterCreate.run(created, api, ownLogin), created: true };
  } catch (error) {
    return { ok: false, step, error };
  }
}
