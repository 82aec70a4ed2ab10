// @ts-check
// Bundles a TypeScript entry of src/ or bench/lib into a temporary folder, with the build's own
// esbuild options (scripts/lib/bundle-shape.js), and imports it: how a benchmark runs functions
// of src/ that the action's bundle does not export.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { esbuildOptions } from '../../scripts/lib/bundle-shape.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * @param {string} entry the entry's path from the repository root, e.g. 'bench/lib/impact-entry.ts'
 * @returns {Promise<{ bundle: unknown, bundlePath: string, remove: () => void }>} the bundle's exports (the entry's), its file
 *   (for a benchmark that imports it in new processes) and how to remove it
 */
export async function bundleEntry(entry) {
  const out = mkdtempSync(join(tmpdir(), 'bench-entry-'));
  const { options } = esbuildOptions(ROOT);
  await esbuild.build({ ...options, entryPoints: { index: entry }, outdir: out, splitting: true, outExtension: { '.js': '.mjs' } });
  const bundlePath = join(out, 'index.mjs');
  /** @type {unknown} */
  const bundle = await import(pathToFileURL(bundlePath).href);
  return { bundle, bundlePath, remove: () => rmSync(out, { recursive: true, force: true }) };
}
