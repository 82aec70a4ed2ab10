/** The check as one call: a pull request against a docs site (src/docs-check/check.ts). */
import { afterEach, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePattern, type PathFilter } from '../../../src/change/glob.js';
import { checkDocs, runDocsCheck, type DocsCheckResult } from '../../../src/docs-check/check.js';
import { buildIndex } from '../../../src/docs-check/docs-index.js';
import { type ChangedFile } from '../../../src/docs-check/types.js';
import { page, site } from './fixtures.js';

const index = buildIndex(
  site(
    page('guides/memory', '# Memory\n\nCall `purge_memories(user_id)` to forget.\nThen `purge_memories` again.', { firstLine: 4 }),
    page('reference/client', 'The client has `add_memory` and `search_memories`.'),
    page('snippets/setup', 'Set `MEMORY_HOST`.', { kind: 'snippet', includedBy: ['quickstart'] }),
    page('quickstart', 'Install, then set up.'),
    page('config', 'Variables: `MEMORY_HOST`, `MEMORY_PORT`.'),
  ),
);

const patch = (...lines: string[]): string => ['@@ -1,5 +1,5 @@', ...lines].join('\n');
const pull = (files: ChangedFile[], title = 'Change memory'): { title: string; body: string; files: ChangedFile[] } => ({
  title,
  body: '',
  files,
});
const removal: ChangedFile = {
  path: 'src/memory.py',
  status: 'modified',
  patch: patch('-def purge_memories(user_id):', '-    store.clear(user_id)', '+pass'),
};

const pages = (result: DocsCheckResult): [string, string][] => result.pages.map((named) => [named.page, named.reason]);

describe('facts', () => {
  test('a page that mentions a removed name, with its lines when the docs are in the same repository', () => {
    const result = checkDocs(index, { pull: pull([removal]), docsPrefix: 'docs' });
    expect(result.pages[0]).toEqual({
      page: 'guides/memory',
      reason: 'fact',
      names: ['purge_memories'],
      facts: [{ name: 'purge_memories', status: 'removed', lines: [6, 7] }],
      shownOn: [],
      file: 'guides/memory.mdx',
    });
  });

  test('only the page when the docs come from another repository: no lines, no file', () => {
    const result = checkDocs(index, { pull: pull([removal]) });
    expect(result.pages[0]?.facts).toEqual([{ name: 'purge_memories', status: 'removed', lines: [] }]);
    expect(result.pages[0]?.file).toBeUndefined();
  });

  test('a renamed name says its new name', () => {
    const rename: ChangedFile = {
      path: 'src/memory.py',
      status: 'modified',
      patch: patch('-def purge_memories(user_id):', '+def forget_memories(user_id):'),
    };
    expect(checkDocs(index, { pull: pull([rename]) }).pages[0]?.facts).toEqual([
      { name: 'purge_memories', status: 'renamed', renamedTo: 'forget_memories', lines: [] },
    ]);
  });
});

describe('what is never named', () => {
  test('a page the pull request edits', () => {
    const edited: ChangedFile = { path: 'docs/guides/memory.mdx', status: 'modified', patch: patch('-old', '+new') };
    const result = checkDocs(index, { pull: pull([removal, edited]), docsPrefix: 'docs' });
    expect(pages(result)).toEqual([]);
    expect(result.editedPages).toEqual(['guides/memory']);
  });

  test('the pages showing a snippet the pull request edits', () => {
    const snippet: ChangedFile = { path: 'docs/snippets/setup.mdx', status: 'modified', patch: patch('-a', '+b') };
    const result = checkDocs(index, { pull: pull([snippet]), docsPrefix: 'docs' });
    expect([...result.editedPages].sort()).toEqual(['quickstart', 'snippets/setup']);
  });

  test('files under the docs folder are docs, not code: their names count for nothing', () => {
    const inDocs: ChangedFile = { path: 'docs/scripts/gen.py', status: 'modified', patch: patch('-def purge_memories(user_id):', '+pass') };
    const result = checkDocs(index, { pull: pull([inDocs]), docsPrefix: 'docs' });
    expect(result.codeFiles).toEqual([]);
    expect(result.names).toEqual([]);
    expect(result.pages).toEqual([]);
  });

  test('files change-paths does not keep', () => {
    const parsed = parsePattern('lib/**');
    if ('problem' in parsed) throw new Error(parsed.problem);
    const changePaths: PathFilter = { patterns: [parsed] };
    const result = checkDocs(index, { pull: pull([removal]), changePaths });
    expect(result.codeFiles).toEqual([]);
    expect(result.pages).toEqual([]);
  });

  test('anything, when no changed name is on any page (silence is the default)', () => {
    const unrelated: ChangedFile = {
      path: 'src/billing.py',
      status: 'modified',
      patch: patch('-def charge_card(amount):', '+def charge_card(amount, currency):'),
    };
    expect(checkDocs(index, { pull: pull([unrelated], 'Billing') }).pages).toEqual([]);
  });
});

describe('undocumented and missing', () => {
  test('a new user-facing name no page mentions is undocumented; one a page mentions is not', () => {
    const added: ChangedFile = {
      path: 'src/settings.py',
      status: 'modified',
      patch: patch(
        '+TIMEOUT = os.getenv("MEMORY_TIMEOUT")',
        '+HOST = os.getenv("MEMORY_HOST")',
        '+    parser.add_argument("--purge-all")',
        '+def brand_new_helper():',
      ),
    };
    const result = checkDocs(index, { pull: pull([added]) });
    expect(result.undocumented.map((name) => [name.name, name.kind])).toEqual([
      ['MEMORY_TIMEOUT', 'env-var'],
      ['--purge-all', 'cli-flag'],
    ]);
  });

  test('a counted file without a patch is missing; a removed one is not', () => {
    const result = checkDocs(index, {
      pull: pull([
        { path: 'src/huge.py', status: 'modified' },
        { path: 'src/gone.py', status: 'removed' },
        { path: 'assets/logo.png', status: 'added' },
      ]),
    });
    expect(result.missingPatches).toEqual(['src/huge.py', 'assets/logo.png']);
  });
});

describe('runDocsCheck', () => {
  let base: string | undefined;
  afterEach(() => {
    if (base !== undefined) rmSync(base, { recursive: true, force: true });
  });

  test('reads the folder and checks the change; a folder without config is a problem', () => {
    base = mkdtempSync(join(tmpdir(), 'docs-check-run-'));
    mkdirSync(join(base, 'guides'));
    writeFileSync(join(base, 'guides', 'memory.mdx'), '---\ntitle: Memory\n---\nCall `purge_memories`.');
    expect(runDocsCheck(base, { pull: pull([removal]) })).toEqual({ problem: `'${base}': holds no docs.json or mint.json` });
    writeFileSync(join(base, 'docs.json'), '{}');
    const result = runDocsCheck(base, { pull: pull([removal]), docsPrefix: '' });
    if ('problem' in result) throw new Error(result.problem);
    expect(pages(result)).toEqual([['guides/memory', 'fact']]);
    expect(result.pages[0]?.facts[0]?.lines).toEqual([4]);
  });
});
