/**
 * The docs check's pull-request comment and its job-summary section. Page paths, names from patches and
 * the pull request's title are untrusted: each is escaped once, here.
 */
import type { DocsCheckResult, NamedPage, NameFact } from '../docs-check/check.js';
import type { ChangedName, NameKind } from '../docs-check/types.js';
import { checkRecordLine, DOCS_CHECK_MARKER, type CheckRecord } from '../docs-check/record.js';
import { counted } from '../text/plural.js';
import { encodePath } from '../text/uri.js';
import { truncate, truncatePath } from '../text/truncate.js';
import { MAX_PATH_CHARS } from './limits.js';
import { escapeCode, escapeText, linkTarget, markdownLink } from './markdown.js';

export { DOCS_CHECK_MARKER };

const MAX_PAGES = 10;
const MAX_NAMES = 5;
const MAX_LINES = 5;
const MAX_LISTED = 20;

export interface DocsCheckView {
  readonly result: DocsCheckResult;
  /** `command`, already checked: one word without spaces or backticks. */
  readonly command: string;
  readonly skipLabel: string;
  /**
   * The docs folder's files on GitHub at the pull request's base (`…/blob/<sha>/docs/`), when the docs
   * are its repository's: a page and its lines link there.
   */
  readonly filesUrl?: string;
}

/** Where `page`'s file is on GitHub (its source at `line`), when the view knows. */
type FileLink = (line?: number) => string | undefined;

function fileLinkOf(page: NamedPage, filesUrl: string | undefined): FileLink {
  const file = page.file;
  // A path too long to show whole is not linked either: ten pages of such links could outgrow a comment.
  if (filesUrl === undefined || file === undefined || file.length > MAX_PATH_CHARS) return () => undefined;
  const path = encodePath(file);
  return (line) => linkTarget(`${filesUrl}${path}${line === undefined ? '' : `?plain=1#L${line}`}`);
}

const linked = (label: string, target: string | undefined): string => (target === undefined ? label : `[${label}](${target})`);

/** A name from a patch, or a path: shown whole up to a bound, so one cannot crowd out the comment. */
const MAX_NAME_CHARS = 100;
const shownName = (name: string): string => escapeCode(truncate(name, MAX_NAME_CHARS));
const shownPath = (path: string): string => escapeCode(truncatePath(path, MAX_PATH_CHARS));

function codeList(values: readonly string[], max: number, show = shownName): string {
  const shown = values.slice(0, max).map(show).join(', ');
  return values.length > max ? `${shown} and ${values.length - max} more` : shown;
}

function factText(fact: NameFact, link: FileLink): string {
  const what = fact.status === 'renamed' && fact.renamedTo !== undefined ? `renames to ${shownName(fact.renamedTo)}` : 'removes';
  const numbers = fact.lines.slice(0, MAX_LINES).map((line) => linked(String(line), link(line)));
  const lines = fact.lines.length === 0 ? '' : ` (${fact.lines.length === 1 ? 'line' : 'lines'} ${numbers.join(', ')})`;
  return `mentions ${shownName(fact.name)}, which this pull request ${what}${lines}`;
}

function shownOn(page: NamedPage): string {
  return page.shownOn.length === 0 ? '' : `; a snippet shown on ${codeList(page.shownOn, MAX_NAMES, shownPath)}`;
}

export function pageLine(page: NamedPage, filesUrl?: string): string {
  const link = fileLinkOf(page, filesUrl);
  const why =
    page.reason === 'fact'
      ? page.facts.map((fact) => factText(fact, link)).join('; ')
      : `related to the change through ${codeList(page.names, MAX_NAMES)}`;
  return `- ${linked(shownPath(page.page), link())}: ${why}${shownOn(page)}`;
}

function pageSections(pages: readonly NamedPage[], filesUrl: string | undefined): string[] {
  const line = (page: NamedPage): string => pageLine(page, filesUrl);
  const shown = pages.slice(0, MAX_PAGES);
  const facts = shown.filter((page) => page.reason === 'fact');
  const likely = shown.filter((page) => page.reason === 'likely');
  const sections: string[] = [];
  if (facts.length > 0)
    sections.push(`**Needs an update**: these pages mention names this pull request removes or renames.\n\n${facts.map(line).join('\n')}`);
  if (likely.length > 0) sections.push(`**Likely affected**: the pages closest to the change.\n\n${likely.map(line).join('\n')}`);
  if (pages.length > shown.length) sections.push(`And ${counted(pages.length - shown.length, 'more page')}: see the run's job summary.`);
  return sections;
}

function howTo(view: DocsCheckView): string {
  return (
    `To ask the Mintlify agent for a draft of these updates, comment ${escapeCode(view.command)} on this pull request. ` +
    `To quiet this check, add the label ${escapeCode(view.skipLabel)} or put \`[skip docs]\` in the title.`
  );
}

function recordOf(result: DocsCheckResult): CheckRecord {
  return {
    pages: result.pages,
    files: result.codeFiles,
    names: result.names.map((name) => ({
      name: name.name,
      status: name.status,
      ...(name.renamedTo !== undefined && { renamedTo: name.renamedTo }),
    })),
  };
}

/** The comment when pages are named; its record line carries them to a later `/docs-agent` command. */
export function docsCheckComment(view: DocsCheckView): string {
  const count = counted(view.result.pages.length, 'docs page');
  return [
    `${DOCS_CHECK_MARKER}\n${checkRecordLine(recordOf(view.result))}`,
    `### Docs check: ${count} this pull request may affect`,
    ...pageSections(view.result.pages, view.filesUrl),
    `<sub>${howTo(view)}</sub>`,
  ].join('\n\n');
}

/** A later push named nothing: the earlier comment says so instead of going away. */
export function docsCheckClearedComment(): string {
  return [
    `${DOCS_CHECK_MARKER}\n${checkRecordLine({ pages: [], files: [], names: [] })}`,
    '### Docs check: no docs page named',
    'The latest push no longer affects a docs page that this comment named before.',
  ].join('\n\n');
}

const KIND_WORDS: Readonly<Record<NameKind, string>> = {
  function: 'function',
  class: 'class',
  constant: 'constant',
  field: 'field',
  'cli-flag': 'CLI flag',
  'env-var': 'environment variable',
  'http-route': 'HTTP route',
  'config-key': 'configuration key',
};

function undocumentedLines(names: readonly ChangedName[]): string[] {
  if (names.length === 0) return [];
  const listed = names.slice(0, MAX_LISTED).map((name) => `${shownName(name.name)} (${KIND_WORDS[name.kind]})`);
  const more = names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : '';
  return [`New names no docs page mentions: ${listed.join(', ')}${more}.`];
}

function missingLines(missing: readonly string[]): string[] {
  if (missing.length === 0) return [];
  const files = codeList(missing, MAX_LISTED, shownPath);
  return [`GitHub left out the patch of ${counted(missing.length, 'file')} (binary or too large); its names are unknown: ${files}.`];
}

export interface DocsCheckSummary {
  readonly view: DocsCheckView;
  readonly number: number;
  readonly title: string;
  /** The comment written or updated, when one was. */
  readonly commentUrl?: string;
  /** Why no comment was written, when pages were named: the action's own words. */
  readonly noComment?: string;
}

export function docsCheckSummary(summary: DocsCheckSummary): string {
  const { result } = summary.view;
  const lines = [
    '## Docs check',
    `Pull request #${summary.number}, “${escapeText(summary.title)}”: ${counted(result.codeFiles.length, 'code file')}, ` +
      `${counted(result.names.length, 'changed name')}.`,
  ];
  if (result.pages.length === 0) lines.push('No docs page named: nothing in the change ties it closely enough to a page.');
  else {
    const shown = result.pages.map((page) => pageLine(page, summary.view.filesUrl));
    lines.push(`${counted(result.pages.length, 'docs page')} named.`, shown.join('\n'));
  }
  lines.push(...undocumentedLines(result.undocumented), ...missingLines(result.missingPatches));
  if (summary.commentUrl !== undefined) lines.push(`The pull request's comment: ${markdownLink('docs check', summary.commentUrl)}`);
  if (summary.noComment !== undefined) lines.push(summary.noComment);
  return `${lines.join('\n\n')}\n`;
}

/** No check was made: GitHub could not be read. `why` is the action's own text (the log's warning), escaped all the same. */
export function docsCheckNotMadeSummary(why: string): string {
  return `## Docs check\n\n${escapeText(why)}\n`;
}
