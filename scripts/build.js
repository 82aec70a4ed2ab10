// @ts-check
// `npm run build`: bundles src/index.ts into dist/ with ncc, from an empty dist/ (ncc leaves the
// chunks of earlier builds behind), writes dist/licenses.txt (scripts/lib/licenses.js), then records
// the hash of the build's inputs in dist/ so that the end-to-end tests can refuse a stale bundle
// (scripts/lib/build-inputs.js).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordBuildInputs } from './lib/build-inputs.js';
import { writeLicenses } from './lib/licenses.js';

const root = fileURLToPath(new URL('..', import.meta.url));

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
// `ncc` is on PATH when npm runs this script (node_modules/.bin).
const ncc = spawnSync('ncc', ['build', 'src/index.ts', '-o', 'dist', '--target', 'es2022'], {
  cwd: root,
  stdio: 'inherit',
});
if (ncc.error !== undefined) {
  process.stderr.write(`build: could not run ncc (${ncc.error.message}); run the build with \`npm run build\`.\n`);
  process.exit(1);
}
if (ncc.status !== 0) process.exit(ncc.status ?? 1);
writeLicenses(root, fileURLToPath(new URL('../dist/licenses.txt', import.meta.url)));
recordBuildInputs(root);
