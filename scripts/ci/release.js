// @ts-check
// Decides what releasing a tag does to its major tag, for the release workflow:
//   RELEASE_TAG=v1.2.3 node scripts/ci/release.js
// Fails unless the tag is `vX.Y.Z` (or a pre-release `vX.Y.Z-rc.1`) and equals package.json's version.
// Writes `major` (e.g. v1) and `move` (true or false) to GITHUB_OUTPUT (printed without it). The major
// tag moves only to the newest full release of that major: a pre-release, or a fix for an older minor
// released after a newer one, leaves it where it is.
import { execFileSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const TAG = /^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/**
 * @typedef {object} Version
 * @property {number} major
 * @property {number} minor
 * @property {number} patch
 * @property {string | undefined} prerelease
 */

/**
 * @param {string} tag
 * @returns {Version | undefined} undefined when the tag is not `vX.Y.Z[-pre]`
 */
export function parseTag(tag) {
  const match = TAG.exec(tag);
  if (match === null) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease: match[4] };
}

/**
 * Orders full releases by major, minor, patch.
 * @param {Version} a
 * @param {Version} b
 */
function compare(a, b) {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/**
 * @typedef {object} ReleasePlan
 * @property {string} major the major tag, e.g. v1
 * @property {boolean} move whether it moves to this release
 * @property {string} reason one sentence for the log
 */

/**
 * @param {object} release
 * @param {string} release.tag the tag being released
 * @param {string} release.packageVersion package.json's version at that tag
 * @param {readonly string[]} release.tags every tag of the repository (others are ignored)
 * @returns {ReleasePlan}
 */
export function planRelease({ tag, packageVersion, tags }) {
  const version = parseTag(tag);
  if (version === undefined) {
    throw new Error(`'${tag}' is not a release tag: use vMAJOR.MINOR.PATCH, such as v1.2.3 (or v1.2.3-rc.1 for a pre-release).`);
  }
  if (packageVersion !== tag.slice(1)) {
    throw new Error(
      `The tag ${tag} does not match package.json's version ${packageVersion}: set the version (npm version ${tag.slice(1)} --no-git-tag-version), commit, and tag that commit.`,
    );
  }
  const major = `v${version.major}`;
  if (version.prerelease !== undefined) {
    return { major, move: false, reason: `${tag} is a pre-release, so ${major} stays where it is.` };
  }
  const newer = tags
    .map((other) => ({ other, parsed: parseTag(other) }))
    .filter(({ parsed }) => parsed !== undefined && parsed.prerelease === undefined && parsed.major === version.major)
    .filter(({ parsed }) => parsed !== undefined && compare(parsed, version) > 0)
    .map(({ other }) => other);
  if (newer.length > 0) {
    return { major, move: false, reason: `${newer.join(', ')} is newer than ${tag}, so ${major} stays where it is.` };
  }
  return { major, move: true, reason: `${major} moves to ${tag}.` };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const tag = process.env['RELEASE_TAG'] ?? '';
    /** @type {unknown} */
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    const packageVersion = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? String(pkg.version) : '';
    const tags = execFileSync('git', ['tag', '--list', 'v*'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const plan = planRelease({ tag, packageVersion, tags });
    const lines = `major=${plan.major}\nmove=${String(plan.move)}\n`;
    const outputFile = process.env['GITHUB_OUTPUT'];
    if (outputFile) appendFileSync(outputFile, lines);
    process.stdout.write(`${plan.reason}\n${lines}`);
  } catch (error) {
    process.stdout.write(`::error::${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
