// @ts-check
// What dist/ is built from, as one hash: every file under src/, package-lock.json, tsconfig.json,
// the build script with its bundle shape and the `build` command of package.json. `npm run build` records the hash in
// dist/; the tests that run dist/index.js compare it with the sources they see, so that they never
// test a bundle older than src/.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Where `npm run build` writes the hash, relative to the repository root. */
export const RECORD = 'dist/build-inputs.sha256';

/** Files read whole, besides src/. */
const FILES = ['package-lock.json', 'tsconfig.json', 'scripts/build.js', 'scripts/lib/bundle-shape.js'];

/**
 * @param {string} dir
 * @returns {string[]} absolute paths of the files below `dir`
 */
function filesBelow(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * The hash of the build's inputs in the repository at `root`. Paths are part of it (a renamed file
 * changes it), in `/` form and sorted, so it is the same on every machine.
 * @param {string} root
 * @returns {string} hex SHA-256
 */
export function buildInputsHash(root) {
  const hash = createHash('sha256');
  const add = (/** @type {string} */ name, /** @type {string | Buffer} */ content) => {
    hash.update(`${name}\0${Buffer.byteLength(content)}\0`);
    hash.update(content);
  };
  const sources = filesBelow(join(root, 'src')).map((path) => relative(root, path).split(sep).join('/'));
  // A file of FILES that is missing counts as missing, unlike any content.
  for (const name of [...sources, ...FILES].sort()) {
    if (existsSync(join(root, name))) add(name, readFileSync(join(root, name)));
    else hash.update(`${name}\0missing\0`);
  }
  /** @type {unknown} */
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  add('package.json#scripts.build', /** @type {{scripts?: {build?: string}}} */ (manifest).scripts?.build ?? '');
  return hash.digest('hex');
}

/**
 * Writes the hash of the current inputs next to the bundle.
 * @param {string} root
 */
export function recordBuildInputs(root) {
  writeFileSync(join(root, RECORD), `${buildInputsHash(root)}\n`);
}

/**
 * Why the bundle in `root`/dist does not match the sources, or undefined when it does.
 * @param {string} root
 * @returns {string | undefined}
 */
export function staleBundleReason(root) {
  const record = join(root, RECORD);
  if (!existsSync(record)) return `${RECORD} is missing, so dist/ may be older than src/`;
  if (readFileSync(record, 'utf8').trim() !== buildInputsHash(root)) {
    return 'dist/ is not the build of the current sources (src/, package-lock.json, tsconfig.json or the build script changed after it was built)';
  }
  return undefined;
}
