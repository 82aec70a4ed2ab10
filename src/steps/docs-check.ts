/**
 * The docs check's run: the docs folder read from the workspace (bad input fails the step before any
 * request), the pull request's files read from GitHub, the engine's findings shown in one comment, the
 * job summary and the outputs. Findings never fail the step, and neither does GitHub refusing.
 */
import * as core from '@actions/core';
import * as log from '../log.js';
import type { PathFilter } from '../change/glob.js';
import { pullFilePages } from '../change/read-pull.js';
import { describeCommentFailure } from '../comment/failure.js';
import { githubCommentsApi } from '../comment/github-api.js';
import { writeDocsCheckComment } from '../comment/docs-check-comment.js';
import { checkDocs, type DocsCheckResult } from '../docs-check/check.js';
import type { DocsIndex } from '../docs-check/docs-index.js';
import { changedFilesOf } from '../docs-check/pull-files.js';
import type { DocsCheckSettings } from '../docs-check/settings.js';
import type { ChangedFile } from '../docs-check/types.js';
import { loadDocsIndex, locateDocs, type DocsLocation } from '../docs-check/workspace.js';
import { InputError, messageOf } from '../errors.js';
import type { PullEvent } from '../event/change.js';
import type { UsableRepository } from '../github/repository.js';
import { adviseOnGitHubFailure, askFor } from '../github/failure.js';
import { setOutput } from '../outputs.js';
import type { RunContext } from '../plan/plan.js';
import {
  DOCS_CHECK_MARKER,
  docsCheckClearedComment,
  docsCheckComment,
  docsCheckNotMadeSummary,
  docsCheckSummary,
  type DocsCheckView,
} from '../summary/docs-check.js';
import { encodePath } from '../text/uri.js';

export interface DocsCheckRun {
  readonly settings: DocsCheckSettings;
  readonly pull: PullEvent & { readonly number: number };
  readonly changePaths: PathFilter | undefined;
  readonly command: string;
  readonly skipLabel: string;
  /** Under `pull_request` from a fork the token is read-only: nothing is written. */
  readonly readOnly: boolean;
  readonly summary: boolean;
}

function openDocs(settings: DocsCheckSettings, workspace: string): { index: DocsIndex; location: DocsLocation } {
  const location = locateDocs(workspace, settings.docsPath);
  const index = loadDocsIndex(workspace, location);
  if ('problem' in index) {
    const given = settings.docsPath === '' ? 'the workspace' : `'${settings.docsPath}'`;
    const from = !settings.fromDocsRoot
      ? ''
      : settings.docsPath === ''
        ? ' (docs-path and docs-root are empty)'
        : " (from 'docs-root': set 'docs-path' when the docs are checked out elsewhere)";
    throw new InputError(
      'docs-path',
      `${given}${from}: ${index.problem}. It must be the folder of the workspace with docs.json or mint.json, checked out by an earlier step.`,
    );
  }
  return { index, location };
}

async function readPullFiles(github: UsableRepository, number: number): Promise<ChangedFile[]> {
  const pages: unknown[] = [];
  for await (const page of pullFilePages(github, number)) pages.push(page.items);
  return changedFilesOf(pages);
}

function setDocsOutputs(result: DocsCheckResult | undefined): void {
  const pages = result?.pages ?? [];
  setOutput('docs-pages', JSON.stringify(pages.map((page) => page.page)));
  setOutput('docs-identifiers', JSON.stringify([...new Set(pages.flatMap((page) => page.names))]));
  setOutput('docs-undocumented', JSON.stringify((result?.undocumented ?? []).map((name) => name.name)));
}

async function writeSummary(enabled: boolean, markdown: string): Promise<void> {
  if (!enabled) return;
  try {
    await core.summary.addRaw(markdown).write();
  } catch (error) {
    log.warning(`The job summary could not be written: ${messageOf(error)}`);
  }
}

interface Shown {
  readonly commentUrl?: string;
  readonly noComment?: string;
}

async function showInComment(run: DocsCheckRun, view: DocsCheckView, github: UsableRepository): Promise<Shown> {
  const named = view.result.pages.length > 0;
  if (run.readOnly) {
    log.notice(`Pull request #${run.pull.number} comes from a fork: its token is read-only, so no docs check comment could be written.`);
    return named ? { noComment: "No comment: a fork's pull request gets a read-only token under 'pull_request'." } : {};
  }
  const api = githubCommentsApi(github.client, { ...github.repository, number: run.pull.number }, (message) => log.debug(message));
  const outcome = await writeDocsCheckComment({
    api,
    marker: DOCS_CHECK_MARKER,
    named: named ? docsCheckComment(view) : undefined,
    cleared: docsCheckClearedComment(),
  });
  if (!outcome.ok) {
    const target = { number: run.pull.number, kind: 'pull-request' } as const;
    log.warning(describeCommentFailure(outcome.error, outcome.step, target, github.token, 'The docs check').message);
    return named ? { noComment: 'No comment: GitHub refused it (see the warning in the log).' } : {};
  }
  if (outcome.comment === undefined) return {};
  if (outcome.written !== 'unchanged')
    log.info(`${outcome.written === 'created' ? 'Wrote' : 'Updated'} the docs check comment ${outcome.comment.htmlUrl}`);
  return { commentUrl: outcome.comment.htmlUrl };
}

function logFindings(result: DocsCheckResult): void {
  log.info(`Docs check: ${result.codeFiles.length} code files, ${result.names.length} changed names, ${result.pages.length} pages named.`);
  for (const page of result.pages) log.info(`  ${page.reason}: ${page.page}`);
  if (result.missingPatches.length > 0) log.info(`GitHub left out the patch of: ${result.missingPatches.join(', ')}`);
}

/** GitHub could not be read: one warning, the same words in the summary, and empty arrays as outputs. */
async function reportNotMade(run: DocsCheckRun, why: string): Promise<void> {
  const text = `${why} No docs check was made.`;
  log.warning(text);
  setDocsOutputs(undefined);
  await writeSummary(run.summary, docsCheckNotMadeSummary(text));
}

/** The docs folder's files at the pull request's base on GitHub, when the docs are its repository's and the event names that commit. */
function filesUrlOf(context: RunContext, baseSha: string | undefined, location: DocsLocation): string | undefined {
  const repository = context.event.repository;
  if (baseSha === undefined || location.prefix === undefined || repository === undefined) return undefined;
  const folder = location.prefix.split('/').filter((part) => part !== '');
  const path = folder.length === 0 ? '' : `${encodePath(folder.join('/'))}/`;
  return `${context.event.serverUrl}/${repository.owner}/${repository.repo}/blob/${baseSha}/${path}`;
}

export async function performDocsCheck(run: DocsCheckRun, context: RunContext): Promise<void> {
  const { index, location } = openDocs(run.settings, context.event.workspace ?? process.cwd());
  const github = context.github;
  if (!github.ok) return reportNotMade(run, `${github.detail}: the docs check cannot read the files of pull request #${run.pull.number}.`);
  let files: ChangedFile[];
  try {
    files = await log.group("Reading the pull request's files", () => readPullFiles(github, run.pull.number));
  } catch (error) {
    const advice = adviseOnGitHubFailure(error, { fix: askFor('pull-requests: read', 'workflow'), secrets: [github.token] });
    return reportNotMade(run, `Could not read the files of pull request #${run.pull.number}: ${advice.text}.`);
  }
  const result = checkDocs(index, {
    pull: { title: run.pull.title, body: run.pull.body, files },
    ...(location.prefix !== undefined && { docsPrefix: location.prefix }),
    ...(run.changePaths && { changePaths: run.changePaths }),
  });
  logFindings(result);
  const filesUrl = filesUrlOf(context, run.pull.baseSha, location);
  const view: DocsCheckView = { result, command: run.command, skipLabel: run.skipLabel, ...(filesUrl !== undefined && { filesUrl }) };
  const shown = await showInComment(run, view, github);
  setDocsOutputs(result);
  if (shown.commentUrl !== undefined) setOutput('comment-url', shown.commentUrl);
  await writeSummary(run.summary, docsCheckSummary({ view, number: run.pull.number, title: run.pull.title, ...shown }));
}
