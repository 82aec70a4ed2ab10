/**
 * The run every change kind shares: screened from its payload; after the trigger check, read from
 * where its change starts, skipped when nothing worth a job changed, given "What changed"; the docs
 * stream decides whether the job is new, resumed or extended. A kind says only what is its own.
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

export interface SubjectLines {
  readonly lines: readonly string[];
  /** What GitHub does not show, removed from `the pull request's description`. */
  readonly hidden?: readonly [string, Removed];
}

export interface ChangeKind<Source, Subject> extends ChangeReader<Source, Subject> {
  source(settings: Settings, event: RunEvent): Source | undefined;
  /** A digest starts its job beside an analytics report; an event's change needs a prompt there (v1). */
  readonly withAnalytics?: boolean;
  skip?(source: Source, event: RunEvent, prompted: boolean): EventSkip | undefined;
  start?(source: Source, context: RunContext): Promise<ChangeBase<Source>>;
  skipRead?(change: Change<Subject>): string | undefined;
  describe(subject: Subject, place: SubjectPlace): SubjectLines;
  /** The change's head as GitHub shows it. */
  statusCommit(source: Source, event: RunEvent): string | undefined;
  /** False: a `change-paths` skip leaves the commit's status alone. */
  readonly pathsMark?: false;
  lastDocumented?(source: Source, reads: StreamReads): ReturnType<LastDocumented>;
  stale?(source: Source, reads: StreamReads): Promise<StaleStatus | undefined>;
}

export interface ChangeRun<Source> {
  readonly source: Source;
  readonly instruction: string;
}

function statusSha<Source>(kind: ChangeKind<Source, unknown>, settings: Settings, source: Source, event: RunEvent): string | undefined {
  return settings.stream.commitStatus ? kind.statusCommit(source, event) : undefined;
}

export type ChangeOutcome = { readonly kind: 'skip'; readonly reason: string } | { readonly kind: 'run'; readonly prompt: string };

/** Sets `change-commits` and `change-files` once the change is read, skipped or not. */
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

export class ChangeTrigger<Source, Subject> implements TriggerKind<ChangeRun<Source>> {
  constructor(readonly change: ChangeKind<Source, Subject>) {}

  /** Undefined for a follow-up or a wait, or an analytics report without a prompt. */
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
