/**
 * The bundle's shape (scripts/lib/bundle-shape.js) over small stand-ins of undici and @actions/core,
 * bundled with the options scripts/build.js bundles with, and run: what undici's entry requires of the parts
 * left out gets a stand-in that loads and throws when used, while the same module required by a kept
 * part is the real one; undici's `node:http2` fails as on a Node without HTTP/2; @actions/core's
 * unused modules are left out with what they import; and a rule that matches nothing is reported.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { buildInputsHash } from '../../../scripts/lib/build-inputs.js';
import { UNDICI_UNUSED, esbuildOptions } from '../../../scripts/lib/bundle-shape.js';

let root: string;

function write(path: string, content: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'bundle-shape-'));
  write('package.json', JSON.stringify({ name: 'app', type: 'module' }));
  write('node_modules/undici/package.json', JSON.stringify({ name: 'undici', main: 'index.js' }));
  // Like undici's entry: reads exports of every part and constructs one when it loads.
  write(
    'node_modules/undici/index.js',
    [
      "const { Agent } = require('./lib/dispatcher/agent')",
      "const { WebSocket } = require('./lib/web/websocket/websocket')",
      "const { CacheStorage } = require('./lib/web/cache/cachestorage')",
      'module.exports = { Agent, WebSocket, caches: new CacheStorage() }',
    ].join('\n'),
  );
  write(
    'node_modules/undici/lib/dispatcher/agent.js',
    [
      "let http2; try { http2 = require('node:http2') } catch { http2 = { constants: {} } }",
      "const { WebSocket } = require('../web/websocket/websocket')",
      'class Agent { describe () { return `http2: ${Object.keys(http2.constants).length} constants; ${new WebSocket().kind}` } }',
      'module.exports = { Agent }',
    ].join('\n'),
  );
  write(
    'node_modules/undici/lib/web/websocket/websocket.js',
    "class WebSocket { kind = 'the real WebSocket' }\nmodule.exports = { WebSocket }",
  );
  write('node_modules/undici/lib/web/cache/cachestorage.js', 'class CacheStorage {}\nmodule.exports = { CacheStorage }');
  write(
    'node_modules/@actions/core/package.json',
    JSON.stringify({ name: '@actions/core', type: 'module', exports: { '.': { import: './lib/core.js' } } }),
  );
  write('node_modules/@actions/core/lib/core.js', "export { info } from './info.js';\nexport { OidcClient } from './oidc.js';\n");
  write('node_modules/@actions/core/lib/info.js', 'export const info = (text) => console.log(text);\n');
  write('node_modules/@actions/core/lib/oidc.js', "import 'heavy-client';\nexport class OidcClient {}\n");
  write('node_modules/heavy-client/package.json', JSON.stringify({ name: 'heavy-client', main: 'index.js' }));
  write('node_modules/heavy-client/index.js', "console.log('heavy-client loaded');\n");
  write(
    'src/index.js',
    [
      "import * as core from '@actions/core';",
      "import undici from 'undici';",
      'core.info(new undici.Agent().describe());',
      // Once loaded, as the action's code would use them.
      'setImmediate(() => {',
      '  try { new undici.WebSocket() } catch (error) { core.info(error.message) }',
      "  try { undici.caches.match('/') } catch (error) { core.info(error.message) }",
      '});',
    ].join('\n'),
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function build(): Promise<{ stdout: string; bundle: string; unmatched: string[] }> {
  const { options, unmatched } = esbuildOptions(root);
  await esbuild.build({ ...options, entryPoints: ['src/index.js'], outdir: 'dist', logLevel: 'silent' });
  const run = spawnSync(process.execPath, [join(root, 'dist/index.js')], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return { stdout: run.stdout, bundle: readFileSync(join(root, 'dist/index.js'), 'utf8'), unmatched: unmatched() };
}

test("undici's entry loads with stand-ins for the parts left out, which throw when used; a kept part gets the real module", async () => {
  const { stdout } = await build();
  expect(stdout.split('\n')).toEqual([
    'http2: 0 constants; the real WebSocket',
    "undici's ./lib/web/websocket/websocket is left out of this bundle (scripts/lib/bundle-shape.js)",
    "undici's ./lib/web/cache/cachestorage is left out of this bundle (scripts/lib/bundle-shape.js)",
    '',
  ]);
});

test("@actions/core's unused modules are left out, with what they import", async () => {
  const { stdout, bundle } = await build();
  expect(stdout).not.toContain('heavy-client loaded');
  expect(bundle).not.toContain('heavy-client');
  expect(bundle).not.toContain('OidcClient');
});

test('a rule that matched nothing is reported, so the build fails when a dependency changed', async () => {
  const { unmatched } = await build();
  expect(unmatched).not.toContain("undici's entry requires './lib/web/websocket/websocket'");
  expect(unmatched).not.toContain("undici requires 'node:http2'");
  expect(unmatched).not.toContain('@actions/core is bundled');
  expect(unmatched).toContain("undici's entry requires './lib/mock/mock-agent'");
  expect(unmatched).toHaveLength(UNDICI_UNUSED.length - 2);
});

test('the bundle shape is an input of the build: changing it makes dist/ stale', () => {
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write('scripts/build.js', '// build\n');
  const before = buildInputsHash(root);
  write('scripts/lib/bundle-shape.js', '// shape\n');
  const added = buildInputsHash(root);
  write('scripts/lib/bundle-shape.js', '// another shape\n');
  expect(new Set([before, added, buildInputsHash(root)]).size).toBe(3);
});
