/**
 * End to end: what the built bundle loads when it starts (scripts/lib/bundle-shape.js says why).
 * A job run loads no part of Node it never uses: not Node's own copy of undici (npm undici's cookie
 * module used to make Node build it), not HTTP/2, not child_process or TLS (which @actions/core's
 * unused parts used to load); and a run that calls GitHub reads the event file once. The docs
 * check's engine and Octokit are chunks of their own that only their runs load.
 */
import { beforeEach, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { serviceInputs, useEmulator, useFakeGitHub } from '../helpers/emulator-fixture.js';
import { runAction, type ActionRun, type RunOptions } from '../helpers/run-action.js';

const PRELOAD = new URL('../helpers/load-record.js', import.meta.url).href;
const TOKEN = 'ghs_e2eStartupToken0123456789abcdef';

/** Node's modules a job run does not use: none of them may load. */
const NOT_LOADED = [
  'NativeModule internal/deps/undici/undici',
  'NativeModule http2',
  'NativeModule child_process',
  'NativeModule tls',
  'NativeModule sqlite',
];

const emulator = useEmulator();
const github = useFakeGitHub({ token: TOKEN, collaborators: { maintainer: 'maintain' } });

beforeEach(() => emulator().setScenario({ job: { createStatus: 'completed' } }));

interface LoadRecord {
  readonly modules: readonly string[];
  readonly eventReads: number;
}

/** Runs the bundle with the recorder preloaded; the run and what it loaded. */
async function recorded(options: RunOptions): Promise<{ run: ActionRun; record: LoadRecord }> {
  const file = join(mkdtempSync(join(tmpdir(), 'load-record-')), 'record.json');
  const run = await runAction({ ...options, env: { ...options.env, NODE_OPTIONS: `--import ${PRELOAD}`, LOAD_RECORD: file } });
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return { run, record: parsed as LoadRecord };
}

test("a job run loads neither Node's own undici nor HTTP/2, child_process or TLS", async () => {
  const { run, record } = await recorded({ inputs: serviceInputs(emulator(), { prompt: 'Document the widgets endpoint' }) });
  expect(run.exitCode).toBe(0);
  expect(run.outputs['status']).toBe('completed');
  expect(record.modules).toContain('NativeModule net');
  expect(record.modules.filter((name) => NOT_LOADED.includes(name))).toEqual([]);
});

test('a run that calls GitHub reads the event file once, and loads no more of Node', async () => {
  const event = {
    action: 'labeled',
    issue: { number: 7, title: 'Widgets', body: 'Add a page.', state: 'open', user: { login: 'alice', type: 'User' }, labels: [] },
    label: { name: 'docs-agent' },
    repository: { name: 'docs', full_name: 'acme/docs', owner: { login: 'acme', type: 'Organization' } },
    sender: { login: 'maintainer', type: 'User' },
  };
  const { run, record } = await recorded({
    inputs: serviceInputs(emulator(), { prompt: 'Document the widgets endpoint', comment: 'true', 'github-token': TOKEN }),
    event,
    eventName: 'issues',
    env: { GITHUB_API_URL: github().url },
  });
  expect(run.exitCode).toBe(0);
  expect(github().requests.some((request) => request.method === 'POST' && request.path === '/repos/acme/docs/issues/7/comments')).toBe(
    true,
  );
  expect(record.eventReads).toBe(1);
  expect(record.modules.filter((name) => NOT_LOADED.includes(name))).toEqual([]);
});

/** The files of dist/ that `file` imports statically (`from "./x.js"`) and dynamically (`import("./x.js")`). */
function importsOf(file: string): { readonly fixed: string[]; readonly dynamic: string[] } {
  const text = readFileSync(new URL(`../../dist/${file}`, import.meta.url), 'utf8');
  return {
    fixed: [...text.matchAll(/\bfrom\s*["']\.\/([^"']+)["']/g)].map((match) => match[1] ?? ''),
    dynamic: [...text.matchAll(/\bimport\(\s*["']\.\/([^"']+)["']\s*\)/g)].map((match) => match[1] ?? ''),
  };
}

test("the docs check's engine and Octokit load only when a run uses them: no static import reaches their chunks", () => {
  const files = readdirSync(new URL('../../dist/', import.meta.url)).filter((name) => name.endsWith('.js'));
  const lazy = files.filter((name) => /^(docs-check|octokit-class)-/.test(name));
  expect(lazy).toHaveLength(2);
  const reached = new Set<string>();
  const todo = ['index.js'];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    todo.push(...importsOf(file).fixed);
  }
  expect(lazy.filter((name) => reached.has(name))).toEqual([]);
  // Bundled dependencies' own text may spell `import("./…")` for files that are not chunks.
  const dynamic = [...reached].flatMap((file) => importsOf(file).dynamic).filter((name) => files.includes(name));
  expect(dynamic.sort()).toEqual([...lazy].sort());
});
