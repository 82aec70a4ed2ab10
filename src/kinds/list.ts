/**
 * Every trigger kind, in the order tried: the first that takes the run (or skips it) decides. The
 * conversation kinds first, the docs check before the pull request's own, the digest before the change
 * of the event it runs on.
 */
import type { TriggerKind } from '../plan/plan.js';
import { command } from './command.js';
import { digest } from './digest.js';
import { docsCheck } from './docs-check.js';
import { label } from './label.js';
import { merged } from './merged.js';
import { pull } from './pull.js';
import { push } from './push.js';
import { release } from './release.js';
import { review } from './review.js';

export const TRIGGER_KINDS: readonly TriggerKind<unknown>[] = [label, command, review, docsCheck, digest, push, merged, pull, release];
