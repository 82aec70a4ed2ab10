// @ts-check
// Bundles a TypeScript entry of bench/lib with ncc into a temporary folder and imports it: how a
// benchmark runs the engine's own functions from src/, which the action's bundle does not export.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @param {string} entry the entry's path from the repository root, e.g. 'bench/lib/impact-entry.ts'
 * @returns {Promise<{ bundle: unknown, remove: () => void }>} the bundle's exports (the entry's) and how to remove it
 */
export async function bundleEntry(entry) {
  const out = mkdtempSync(join(tmpdir(), 'bench-entry-'));
  const ncc = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', entry, '-o', out, '--target', 'es2022', '-q'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (ncc.status !== 0) throw new Error(`ncc could not bundle ${entry}`);
  /** @type {unknown} */
  const bundle = await import(pathToFileURL(join(out, 'index.js')).href);
  return { bundle, remove: () => rmSync(out, { recursive: true, force: true }) };
}
