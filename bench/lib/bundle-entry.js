// @ts-check
// Bundles an entry of bench/lib/ (engine functions from src/ that the action's bundle does not
// export) with ncc into a temporary folder, as the build bundles src/index.ts, and imports it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @param {string} entry the entry's path from the repository's root, e.g. `bench/lib/impact-entry.ts`
 * @returns {Promise<{ bundle: unknown, bundlePath: string, remove: () => void }>} the bundle's exports, its file, and how to delete it
 */
export async function bundleEntry(entry) {
  const out = mkdtempSync(join(tmpdir(), 'bench-entry-'));
  const ncc = spawnSync(join(ROOT, 'node_modules', '.bin', 'ncc'), ['build', entry, '-o', out, '--target', 'es2022', '-q'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (ncc.status !== 0) throw new Error(`ncc could not bundle ${entry}`);
  const bundlePath = join(out, 'index.js');
  /** @type {unknown} */
  const bundle = await import(pathToFileURL(bundlePath).href);
  return { bundle, bundlePath, remove: () => rmSync(out, { recursive: true, force: true }) };
}
