// @ts-check
// One source for the commits the example workflows pin: the repository's own workflows
// (.github/workflows, which Dependabot updates) and, for actions they do not use, the manifest
// .github/pins/action.yml (which Dependabot updates too). This copies those pins into the examples
// and into the copies of workflows shown in README.md and docs/:
//   node scripts/sync-example-pins.js            rewrite what drifted, list what changed
//   node scripts/sync-example-pins.js --check    change nothing; exit 1 when anything drifted
//   --root <dir>                                 another tree (tests)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';

export const PIN_SOURCES = ['.github/workflows', '.github/pins/action.yml'];

/** `uses: owner/repo[/path]@<40 hex> # vX.Y.Z` with what comes before `uses:` kept. */
const PINNED_USES = /^(\s*(?:-\s+)?uses:\s*)([\w.-]+\/[\w.-]+)((?:\/[\w./-]+)?)@([0-9a-f]{40})(?:\s+#\s*(\S+))?\s*$/;

/**
 * @typedef {object} Pin
 * @property {string} sha
 * @property {string} version the release the commit belongs to, from the comment
 * @property {string} source the file it was read from
 */

/**
 * @param {string} root
 * @param {string} dir relative to root
 * @param {(name: string) => boolean} keep
 * @returns {string[]} relative paths, sorted
 */
function filesIn(root, dir, keep) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir))
    .filter(keep)
    .sort()
    .map((name) => posix.join(dir, name));
}

const isWorkflow = (/** @type {string} */ name) => /\.ya?ml$/.test(name);

/**
 * The pin of each action repository (`owner/repo`) in the sources. Two different pins of one
 * repository are an error: the sources must agree before they can be copied.
 * @param {string} root
 * @returns {Map<string, Pin>}
 */
export function readPins(root) {
  /** @type {Map<string, Pin>} */
  const pins = new Map();
  const sources = [...filesIn(root, PIN_SOURCES[0] ?? '', isWorkflow), PIN_SOURCES[1] ?? ''].filter((path) => existsSync(join(root, path)));
  for (const source of sources) {
    for (const line of readFileSync(join(root, source), 'utf8').split('\n')) {
      const match = PINNED_USES.exec(line);
      if (!match) continue;
      const [, , repository = '', , sha = '', version = ''] = match;
      const known = pins.get(repository);
      if (known !== undefined && (known.sha !== sha || known.version !== version)) {
        throw new Error(
          `${repository} is pinned twice: ${known.sha} # ${known.version} in ${known.source}, ${sha} # ${version} in ${source}`,
        );
      }
      pins.set(repository, { sha, version, source });
    }
  }
  return pins;
}

/**
 * @typedef {object} Drift
 * @property {string} path
 * @property {number} line 1-based
 * @property {string} repository
 * @property {string} found `sha # version`
 * @property {string} expected `sha # version`
 */

/**
 * The files whose pins follow the sources: the examples, and README.md and docs/*.md, which show them.
 * @param {string} root
 * @returns {string[]}
 */
export function followers(root) {
  return [
    ...filesIn(root, 'examples', isWorkflow),
    ...(existsSync(join(root, 'README.md')) ? ['README.md'] : []),
    ...filesIn(root, 'docs', (name) => name.endsWith('.md')),
  ];
}

/**
 * Compares every pinned `uses:` line of the followers with the sources; with `write`, rewrites the
 * lines that differ. An action no source pins is an error that says where to add it.
 * @param {string} root
 * @param {{ write: boolean }} options
 * @returns {Drift[]}
 */
export function syncExamplePins(root, { write }) {
  const pins = readPins(root);
  /** @type {Drift[]} */
  const drifts = [];
  for (const path of followers(root)) {
    const lines = readFileSync(join(root, path), 'utf8').split('\n');
    let changed = false;
    lines.forEach((line, index) => {
      const match = PINNED_USES.exec(line);
      if (!match) return;
      const [, prefix = '', repository = '', subpath = '', sha = '', version = ''] = match;
      const pin = pins.get(repository);
      if (pin === undefined) {
        throw new Error(
          `${path}:${index + 1} pins ${repository}, which neither .github/workflows nor .github/pins/action.yml pins: add it to .github/pins/action.yml`,
        );
      }
      if (pin.sha === sha && pin.version === version) return;
      drifts.push({ path, line: index + 1, repository, found: `${sha} # ${version}`, expected: `${pin.sha} # ${pin.version}` });
      lines[index] = `${prefix}${repository}${subpath}@${pin.sha} # ${pin.version}`;
      changed = true;
    });
    if (write && changed) writeFileSync(join(root, path), lines.join('\n'));
  }
  return drifts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? (args[rootAt + 1] ?? '.') : '.';
  const check = args.includes('--check');
  try {
    const drifts = syncExamplePins(root, { write: !check });
    for (const drift of drifts) {
      console.log(`${drift.path}:${drift.line}: ${drift.repository} ${drift.found} ${check ? 'should be' : '→'} ${drift.expected}`);
    }
    if (drifts.length === 0) console.log('Every example pins the same commits as .github/workflows and .github/pins/action.yml.');
    else if (check) console.log('Run node scripts/sync-example-pins.js to copy the pins.');
    process.exitCode = check && drifts.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
