/**
 * The run every change kind makes (a push, a pull request, a release, a digest): screened from its
 * payload, then, after the trigger check, read from where its change starts, skipped when nothing
 * worth a job changed, and given the "What changed" section; the docs stream decides whether the
 * job is new, resumed or extended. A change kind says only what is its own (ChangeKind).
 */
import * as log from '../log.js';
import type { Change } from '../change/change.js';
import { checkRoomForChange, DEFAULT_INSTRUCTION, withChangeSection } from '../change/prompt.js';
import { readChange, type ChangeReader } from '../change/read.js';
import { buildSection, placeOf, type SubjectPlace } from '../change/section.js';
import { changeSkip, type EventSkip } from '../change/skips.js';
import type { RunEvent } from '../event/run-event.js';
import { secretsOf } from '../inputs/run.js';
import { setOutput } from '../outputs.js';
import type { Settings } from '../settings.js';
import type { ChangeBase } from '../stream/change-base.js';
import type { StreamReads } from '../stream/continuation.js';
import type { StaleStatus } from '../stream/stale-status.js';
import { removedNotice, type Removed } from '../text/hidden.js';
import { counted } from '../text/plural.js';
import type { Plan, RunContext, ScreenedRun, Skip, TriggerKind } from './plan.js';
import { taken } from './plan.js';
import { continuedRequest, documentedSkip, planContinuation, streamReads, type LastDocumented } from './stream.js';

/** The section's opening lines about the event, and the Markdown they quote with what GitHub does not show removed. */
export interface SubjectLines {
  readonly lines: readonly string[];
  /** `the pull request's description`, and what was removed from it. */
  readonly hidden?: readonly [string, Removed];
}

/** What a change kind says of its own change; the change run does the rest. */
export interface ChangeKind<Source, Subject> extends ChangeReader<Source, Subject> {
  /** The change of this event with these inputs, when they are this kind's. */
  source(settings: Settings, event: RunEvent): Source | undefined;
  /** A digest starts its job in a run that also makes an analytics report; an event's change needs a prompt there (v1). */
  readonly withAnalytics?: boolean;
  /** The reason to skip, from the payload alone. `prompted`: the workflow gave a prompt. */
  skip?(source: Source, event: RunEvent, prompted: boolean): EventSkip | undefined;
  /** Where its change starts: the last documented commit, when the kind looks for one. */
  start?(source: Source, context: RunContext): Promise<ChangeBase<Source>>;
  /** Once read: the reason the change is not worth a job (beyond `change-paths`). */
  skipRead?(change: Change<Subject>): string | undefined;
  /** The section's opening lines. */
  describe(subject: Subject, place: SubjectPlace): SubjectLines;
  /** The commit its `docs-agent` status goes on: the change's head as GitHub shows it. */
  statusCommit(source: Source, event: RunEvent): string | undefined;
  /** False: a `change-paths` skip leaves the commit's status alone (a digest's head may record an earlier digest's job). */
  readonly pathsMark?: false;
  /** `extend-open-pr`: the commit whose job this change may extend. */
  lastDocumented?(source: Source, reads: StreamReads): ReturnType<LastDocumented>;
  /** An earlier commit whose own status its run left pending, for this run to take over. */
  stale?(source: Source, reads: StreamReads): Promise<StaleStatus | undefined>;
}

/** A change run's subject: the change, and the instruction its section follows. */
export interface ChangeRun<Source> {
  readonly source: Source;
  readonly instruction: string;
}

/** The `docs-agent` status's commit, with `commit-status`. */
function statusSha<Source>(kind: ChangeKind<Source, unknown>, settings: Settings, source: Source, event: RunEvent): string | undefined {
  return settings.stream.commitStatus ? kind.statusCommit(source, event) : undefined;
}

export type ChangeOutcome = { readonly kind: 'skip'; readonly reason: string } | { readonly kind: 'run'; readonly prompt: string };

/**
 * Reads the change, decides whether it is worth a job (`change-paths`, the kind's own rule), and
 * gives the instruction its "What changed" section. Sets `change-commits` and `change-files` once
 * the change is read, skipped or not.
 */
export async function resolveChange<Source, Subject>(
  kind: ChangeKind<Source, Subject>,
  settings: Settings,
  run: ChangeRun<Source>,
  context: Pick<RunContext, 'event' | 'github' | 'runtime'>,
): Promise<ChangeOutcome> {
  const { event } = context;
  const started = context.runtime.clock();
  const read = await readChange(kind, run.source, context.github, started);
  for (const warning of read.warnings) log.warning(warning);
  const { change } = read;
  setOutput('change-commits', change.totalCommits);
  setOutput('change-files', change.files?.total);
  const own = kind.skipRead?.(change);
  if (own !== undefined) return { kind: 'skip', reason: own };
  const verdict = changeSkip(change, settings.change.paths);
  if (verdict.kind === 'skip') return { kind: 'skip', reason: verdict.reason };
  if (verdict.kind === 'undecided') log.warning(verdict.warning);
  const place = placeOf(event);
  const subject = kind.describe(change.subject, place);
  const removed = subject.hidden === undefined ? undefined : removedNotice([subject.hidden]);
  if (removed !== undefined) log.info(removed);
  const section = buildSection(change, subject.lines, place);
  const prompt = withChangeSection(run.instruction, section.text, secretsOf(settings.run));
  const files = change.files === undefined ? 'files unknown' : `${section.files} of ${counted(change.files.total, 'file')}`;
  const listed = `${section.commits} of ${counted(change.totalCommits, 'commit')}, ${files}, ${counted(section.pulls, 'pull request')}`;
  log.info(
    `The prompt carries a 'What changed' section of ${counted(section.bytes, 'byte')} (${listed}), ` +
      `read with ${counted(read.requests, 'GitHub request')} in ${context.runtime.clock() - started} ms; ` +
      `the whole prompt is ${counted(Buffer.byteLength(prompt), 'byte')}.`,
  );
  return { kind: 'run', prompt };
}

/** After the trigger check: where the change starts, the change read into the request, and which job gets it. */
async function resolveChangeRun<Source, Subject>(
  kind: ChangeKind<Source, Subject>,
  settings: Settings,
  run: ChangeRun<Source>,
  context: RunContext,
): Promise<Plan> {
  const base = kind.start === undefined ? { source: run.source } : await kind.start(run.source, context);
  if (base.info !== undefined) log.info(base.info);
  if (base.notice !== undefined) log.notice(base.notice);
  const { source } = base;
  const sha = statusSha(kind, settings, source, context.event);
  if (base.documentedBy !== undefined) return documentedSkip(base.documentedBy, sha);
  const outcome = await resolveChange(kind, settings, { ...run, source }, context);
  if (outcome.kind === 'skip') {
    const marked = kind.pathsMark === false ? undefined : sha;
    return { ...outcome, ...(marked !== undefined && { skipStatus: { sha: marked, reason: 'paths' } }) };
  }
  const reads = streamReads(settings, context);
  const lastDocumented = (found: StreamReads) => kind.lastDocumented?.(source, found) ?? Promise.resolve(undefined);
  const continuation = await planContinuation(settings, reads, sha, lastDocumented, base.lastSuccess);
  const request = continuedRequest(continuation, run.instruction, outcome.prompt);
  const staleStatus = continuation.kind === 'resume' || reads === undefined ? undefined : await kind.stale?.(source, reads);
  return { kind: 'run', request, forChange: true, ...(sha && { statusSha: sha }), ...(staleStatus && { staleStatus }) };
}

/** The trigger kind of a change kind: its screen and its resolve are the change run's. */
export class ChangeTrigger<Source, Subject> implements TriggerKind<ChangeRun<Source>> {
  constructor(readonly change: ChangeKind<Source, Subject>) {}

  /** Undefined when this run starts no job for the change: a follow-up or a wait, or an analytics report without a prompt. */
  screen(settings: Settings, event: RunEvent): ScreenedRun | Skip | undefined {
    const kind = this.change;
    if (settings.change.context === 'none') return undefined;
    const source = kind.source(settings, event);
    const request = settings.job.request;
    const starts = request !== undefined ? request.kind === 'create' : settings.analytics === undefined || kind.withAnalytics === true;
    if (source === undefined || !starts) return undefined;
    const skip = kind.skip?.(source, event, request !== undefined);
    if (skip !== undefined) {
      const sha = skip.marks ? statusSha(kind, settings, source, event) : undefined;
      return { kind: 'skip', reason: skip.reason, ...(sha !== undefined && { skipStatus: { sha, reason: 'marker' } }) };
    }
    const instruction = request?.kind === 'create' ? request.prompt : DEFAULT_INSTRUCTION;
    checkRoomForChange(instruction, settings.analyticsInPrompt);
    return taken(this, { source, instruction }, { kind: 'create', prompt: instruction });
  }

  resolve(settings: Settings, run: ChangeRun<Source>, _request: unknown, context: RunContext): Promise<Plan> {
    return resolveChangeRun(this.change, settings, run, context);
  }
}

export function changeKind<Source, Subject>(change: ChangeKind<Source, Subject>): ChangeTrigger<Source, Subject> {
  return new ChangeTrigger(change);
}
