// @ts-check
/**
 * `npm test` (its `pretest`) on a Node older than package.json's `engines` stops here at once and
 * says which version is needed: on Node 20 the tests ran for minutes before two of them failed
 * (Octokit there hands a JSON answer over 8 MiB on as text). `npm ci` is stopped the same way by
 * .npmrc's `engine-strict`. Written for any Node the project may meet, old ones included.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * `>=major.minor[.patch]` as numbers; the only form this check reads.
 * @param {string} range
 * @returns {number[]}
 */
export function minimumOf(range) {
  const match = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range.trim());
  if (match === null) throw new Error(`package.json "engines.node" is '${range}': this check reads only '>=major.minor[.patch]'.`);
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/**
 * Why `version` (`process.version`, `v20.20.2`) cannot run the tests, or undefined when it can.
 * @param {string} version
 * @param {string} range package.json's `engines.node`
 * @returns {string | undefined}
 */
export function nodeVersionProblem(version, range) {
  const minimum = minimumOf(range);
  const actual = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const have = actual[i] ?? 0;
    const need = minimum[i] ?? 0;
    if (have > need) return undefined;
    if (have < need) {
      const wanted = minimum[2] === 0 ? `${minimum[0]}.${minimum[1]}` : minimum.join('.');
      return (
        `This project needs Node ${wanted} or newer (package.json "engines"; Node 24, named in .node-version, is the action's ` +
        `runtime); this is Node ${version}. Put a newer Node first on PATH, for example: ` +
        'export PATH="$(dirname "$(bash scripts/node24.sh)"):$PATH"'
      );
    }
  }
  return undefined;
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(invokedPath).href) {
  /** @type {unknown} */
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const problem = nodeVersionProblem(process.version, /** @type {{engines?: {node?: string}}} */ (manifest).engines?.node ?? '');
  if (problem !== undefined) {
    console.error(problem);
    process.exitCode = 1;
  }
}
