// @ts-check
// dist/licenses.txt: the license of every package the bundle may contain, that is every production
// dependency as installed, found by walking `dependencies` from package.json. ncc's own `--license`
// is not used: with more than one chunk it writes the file once per chunk, and the last chunk's
// list (Octokit's) replaced the main chunk's (undici, @actions/core, tunnel...).
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * @typedef {object} InstalledPackage
 * @property {string} name
 * @property {string} license the `license` field, or `UNKNOWN`
 * @property {string} text the package's LICENSE (or COPYING) file, or '' when it has none
 */

/** @param {string} file @returns {{license?: unknown, dependencies?: Record<string, string>, optionalDependencies?: Record<string, string>}} */
function manifest(file) {
  /** @type {unknown} */
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  return /** @type {{license?: unknown, dependencies?: Record<string, string>}} */ (parsed);
}

/**
 * Where Node would find `name` from `from`: the nearest node_modules/name, up to `root`.
 * @param {string} from @param {string} name @param {string} root
 */
function locate(from, name, root) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || dirname(dir) === dir) return undefined;
  }
}

/**
 * The production dependencies of the project at `projectRoot`, transitively, sorted by name.
 * @param {string} projectRoot
 * @returns {InstalledPackage[]}
 */
export function productionPackages(projectRoot) {
  const root = resolve(projectRoot);
  /** @type {Map<string, InstalledPackage>} */
  const found = new Map();
  /** @param {string} from @param {Record<string, string> | undefined} dependencies */
  const visit = (from, dependencies) => {
    for (const name of Object.keys(dependencies ?? {})) {
      const dir = locate(from, name, root);
      // An optional dependency for another platform is not installed.
      if (dir === undefined || found.has(dir)) continue;
      const pkg = manifest(join(dir, 'package.json'));
      const licenseFile = readdirSync(dir).find((file) => /^(licen[cs]e|copying)(\.|$)/i.test(file));
      found.set(dir, {
        name,
        license: typeof pkg.license === 'string' ? pkg.license : 'UNKNOWN',
        text: licenseFile === undefined ? '' : readFileSync(join(dir, licenseFile), 'utf8').trim(),
      });
      visit(dir, { ...pkg.dependencies, ...pkg.optionalDependencies });
    }
  };
  visit(root, manifest(join(root, 'package.json')).dependencies);
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.text.localeCompare(b.text));
}

/**
 * Writes `file` with every production dependency's name, license and license text.
 * @param {string} root @param {string} file
 */
export function writeLicenses(root, file) {
  // Two installed versions of a package usually carry the same license: listed once.
  const entries = new Set(productionPackages(root).map(({ name, license, text }) => `${name}\n${license}\n${text}\n`));
  writeFileSync(file, [...entries].join('\n'));
}
