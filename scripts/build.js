// @ts-check
// `npm run build`: bundles src/index.ts into dist/ with esbuild, from an empty dist/, writes
// dist/licenses.txt (scripts/lib/licenses.js), then records the hash of the build's inputs in dist/
// so that the end-to-end tests can refuse a stale bundle (scripts/lib/build-inputs.js).
//
// esbuild, not ncc: the bundle leaves out the parts of its dependencies a run never uses, which
// takes a plugin (scripts/lib/bundle-shape.js says what and why); ncc has no plugins. The output is
// ES modules, split where the source imports dynamically: Octokit is a chunk of its own, loaded on the
// first GitHub call, and so is the docs check, loaded only by a docs check.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { esbuildOptions } from './lib/bundle-shape.js';
import { recordBuildInputs } from './lib/build-inputs.js';
import { writeLicenses } from './lib/licenses.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = fileURLToPath(new URL('../dist', import.meta.url));

rmSync(dist, { recursive: true, force: true });
const { options, unmatched } = esbuildOptions(root);
const result = await esbuild
  .build({ ...options, entryPoints: ['src/index.ts'], outdir: 'dist', splitting: true })
  .catch(() => process.exit(1));
if (result.warnings.length > 0) {
  process.stderr.write('build: esbuild warned (above); the bundle is built without warnings.\n');
  process.exit(1);
}
if (unmatched().length > 0) {
  process.stderr.write(
    `build: these rules of scripts/lib/bundle-shape.js matched nothing, so a dependency changed: review them.\n  ${unmatched().join('\n  ')}\n`,
  );
  process.exit(1);
}
// dist/ is ES modules wherever the action is checked out.
writeFileSync(`${dist}/package.json`, `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
writeLicenses(root, fileURLToPath(new URL('../dist/licenses.txt', import.meta.url)));
recordBuildInputs(root);
