/**
 * After the trigger check: read the change, decide whether it is worth a job (`change-since` found
 * commits, a file matches `change-paths`), and give the job's prompt its "What changed" section.
 * Sets `change-commits` and `change-files` once the change is read, skipped or not.
 */
import * as log from '../log.js';
import type { RunEvent } from '../event/run-event.js';
import type { RepositoryHandle } from '../github/repository.js';
import { setOutput } from '../outputs.js';
import { removedNotice } from '../text/hidden.js';
import { counted } from '../text/plural.js';
import type { NamedSecret } from '../text/redact.js';
import { withChangeSection } from './prompt.js';
import { readChange, type ChangeSource } from './read.js';
import { buildSection } from './section.js';
import type { ChangeSettings } from './settings.js';
import { changeSkip } from './skips.js';

export interface ResolveChangeContext {
  readonly event: RunEvent;
  readonly github: RepositoryHandle;
  readonly clock: () => number;
  readonly secrets: readonly NamedSecret[];
}

export type ChangeOutcome = { readonly kind: 'skip'; readonly reason: string } | { readonly kind: 'run'; readonly prompt: string };

export async function resolveChange(
  settings: ChangeSettings,
  instruction: string,
  source: ChangeSource,
  context: ResolveChangeContext,
): Promise<ChangeOutcome> {
  const { event } = context;
  const started = context.clock();
  const read = await readChange(source, { github: context.github, now: started });
  for (const warning of read.warnings) log.warning(warning);
  const { change } = read;
  setOutput('change-commits', change.totalCommits);
  setOutput('change-files', change.files?.total);

  const verdict = changeSkip(change, { ...(settings.paths && { paths: settings.paths }) });
  if (verdict.kind === 'skip') return { kind: 'skip', reason: verdict.reason };
  if (verdict.kind === 'undecided') log.warning(verdict.warning);

  const section = buildSection(change, { repository: event.repository, repositoryText: event.repositoryText, serverUrl: event.serverUrl });
  const markdown = change.subject.kind === 'release' ? "the release's notes" : "the pull request's description";
  const removed = removedNotice([[markdown, section.hidden]]);
  if (removed !== undefined) log.info(removed);
  const prompt = withChangeSection(instruction, section.text, context.secrets);
  const files = change.files === undefined ? 'files unknown' : `${section.files} of ${counted(change.files.total, 'file')}`;
  const listed = `${section.commits} of ${counted(change.totalCommits, 'commit')}, ${files}, ${counted(section.pulls, 'pull request')}`;
  log.info(
    `The prompt carries a 'What changed' section of ${counted(section.bytes, 'byte')} (${listed}), ` +
      `read with ${counted(read.requests, 'GitHub request')} in ${context.clock() - started} ms; ` +
      `the whole prompt is ${counted(Buffer.byteLength(prompt), 'byte')}.`,
  );
  return { kind: 'run', prompt };
}
