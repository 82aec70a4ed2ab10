// @ts-check
// Reading a repository's history with git (a local git directory, nothing fetched here): the
// first-parent commits, the files and patches of one commit against its parent, a folder's files at
// a commit and their contents. For the docs check's replay (bench/docs-check-replay.js).
import { execFileSync } from 'node:child_process';

/**
 * @typedef {object} Commit
 * @property {string} sha
 * @property {string} parent the first parent ('' for a root commit)
 * @property {number} parents how many parents it has
 * @property {string} date committer date, ISO 8601
 * @property {string} subject
 * @property {string} body
 */

/**
 * @typedef {object} FileChange
 * @property {string} status git's letter: A, M, D, R, C, T
 * @property {string} path
 * @property {string} [previousPath]
 */

/** @typedef {{ path: string, blob: string, size: number, link: boolean }} TreeFile */

const MAX_BUFFER = 1 << 30;

/** @param {string} gitDir */
export function repository(gitDir) {
  /** @param {readonly string[]} args @param {string | Buffer} [input] */
  const git = (args, input) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: MAX_BUFFER, input, stdio: ['pipe', 'pipe', 'ignore'] });
  /** @type {Map<string, string>} */
  const blobs = new Map();

  /** The first-parent history of `tip`, oldest first. @param {string} tip @returns {Commit[]} */
  function firstParentLog(tip) {
    const out = git(['log', '--first-parent', '--format=%x01%H%x02%P%x02%cI%x02%s%x02%b', tip]).toString('utf8');
    return out
      .split('\x01')
      .slice(1)
      .map((record) => {
        const [sha = '', parents = '', date = '', subject = '', body = ''] = record.split('\x02');
        const list = parents.split(' ').filter((parent) => parent !== '');
        return { sha, parent: list[0] ?? '', parents: list.length, date, subject, body: body.trim() };
      })
      .reverse();
  }

  /** @type {Map<string, FileChange[]>} */
  const changes = new Map();

  /** @param {string} from @param {string} to @returns {FileChange[]} */
  function changedFiles(from, to) {
    const known = changes.get(`${from} ${to}`);
    if (known !== undefined) return known;
    const out = git(['diff-tree', '-r', '-M', '--no-commit-id', '--name-status', '-z', from, to]).toString('utf8');
    const parts = out.split('\0').filter((part) => part !== '');
    /** @type {FileChange[]} */
    const files = [];
    for (let i = 0; i < parts.length;) {
      const status = (parts[i] ?? '').charAt(0);
      if (status === 'R' || status === 'C') {
        files.push({ status, previousPath: parts[i + 1] ?? '', path: parts[i + 2] ?? '' });
        i += 3;
      } else {
        files.push({ status, path: parts[i + 1] ?? '' });
        i += 2;
      }
    }
    changes.set(`${from} ${to}`, files);
    return files;
  }

  /**
   * Each file's patch as GitHub writes it (from the first `@@`), or undefined for a binary file.
   * @param {string} from @param {string} to @param {readonly string[]} paths
   * @returns {Map<string, string | undefined>}
   */
  function patches(from, to, paths) {
    /** @type {Map<string, string | undefined>} */
    const found = new Map();
    if (paths.length === 0) return found;
    let out;
    try {
      out = git(['diff', '-M', '--no-color', '--no-ext-diff', '-U3', from, to, '--', ...paths]).toString('utf8');
    } catch (error) {
      // A snapshot may lack a large file's blob: git stops there; the patches before it are kept, the rest are missing.
      const partial = /** @type {{ stdout?: Buffer }} */ (error).stdout;
      out = partial === undefined ? '' : partial.toString('utf8');
    }
    for (const chunk of out.split(/^diff --git /m).slice(1)) {
      const target = /^\+\+\+ b\/(.+)$/m.exec(chunk)?.[1] ?? /^--- a\/(.+)$/m.exec(chunk)?.[1] ?? /^rename to (.+)$/m.exec(chunk)?.[1];
      if (target === undefined) continue;
      const start = chunk.search(/^@@ /m);
      found.set(target, start < 0 ? undefined : chunk.slice(start).replace(/\n$/, ''));
    }
    return found;
  }

  /** The files under `folder` at `commit`. @param {string} commit @param {string} folder @returns {TreeFile[]} */
  function tree(commit, folder) {
    const out = git(['ls-tree', '-r', '-l', '-z', commit, '--', folder === '' ? '.' : `${folder}/`]).toString('utf8');
    return out
      .split('\0')
      .filter((line) => line !== '')
      .flatMap((line) => {
        const match = /^(\d+) (\w+) ([0-9a-f]+)\s+(-|\d+)\t(.*)$/s.exec(line);
        if (match === null || match[2] !== 'blob') return [];
        return [{ path: match[5] ?? '', blob: match[3] ?? '', size: Number(match[4]), link: match[1] === '120000' }];
      });
  }

  /** The id of `path`'s tree at `commit`, or '' when there is none. @param {string} commit @param {string} path */
  function treeId(commit, path) {
    try {
      return git(['rev-parse', `${commit}:${path}`])
        .toString('utf8')
        .trim();
    } catch {
      return '';
    }
  }

  /** The texts of blobs, read once each. @param {readonly string[]} ids @returns {Map<string, string>} */
  function readBlobs(ids) {
    const missing = [...new Set(ids.filter((id) => !blobs.has(id)))];
    if (missing.length > 0) {
      const out = git(['cat-file', '--batch'], `${missing.join('\n')}\n`);
      let at = 0;
      while (at < out.length) {
        const end = out.indexOf(10, at);
        const [id = '', , size = '0'] = out.subarray(at, end).toString('utf8').split(' ');
        const length = Number(size);
        blobs.set(id, out.subarray(end + 1, end + 1 + length).toString('utf8'));
        at = end + 1 + length + 1;
      }
    }
    return new Map(ids.map((id) => [id, blobs.get(id) ?? '']));
  }

  return { firstParentLog, changedFiles, patches, tree, treeId, readBlobs };
}
