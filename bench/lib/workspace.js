// @ts-check
// A runner-like workspace for one contender: GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and the
// environment each contender gets. Nothing from the developer's shell leaks in (NODE_OPTIONS,
// NODE_EXTRA_CA_CERTS or proxies would change what is measured); every contender gets the same base.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputEnv, parseOutputFile, runnerEnv, stepFiles } from '../../scripts/lib/runner-step.js';

/**
 * @typedef {object} Workspace
 * @property {string} dir
 * @property {string} outputFile
 * @property {string} summaryFile
 * @property {() => void} clear empties the output and summary files
 * @property {() => Record<string, string>} outputs parsed GITHUB_OUTPUT (heredoc and name=value forms)
 * @property {() => void} remove
 */

/**
 * @param {string} label
 * @returns {Workspace}
 */
export function createWorkspace(label) {
  const { dir, outputFile, summaryFile } = stepFiles(mkdtempSync(join(tmpdir(), `bench-${label}-`)));
  return {
    dir,
    outputFile,
    summaryFile,
    clear: () => void stepFiles(dir),
    outputs: () => parseOutputFile(readFileSync(outputFile, 'utf8')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment of a runner step, without inputs. */
export { runnerEnv as stepEnv };

/**
 * The action's environment: inputs as the runner passes them (`INPUT_API-KEY`: upper case, dash kept).
 * @param {Workspace} workspace
 * @param {Readonly<Record<string, string>>} inputs by their action.yml names
 */
export function actionEnv(workspace, inputs) {
  return { ...runnerEnv(workspace), ...inputEnv(inputs) };
}

/**
 * A script's environment, as a workflow would set it with `env:` (names a shell can read).
 * @param {Workspace} workspace
 * @param {{url: string, apiKey: string}} service
 * @param {string} projectId
 * @param {string} prompt
 * @param {Readonly<Record<string, string>>} [extra]
 */
export function scriptEnv(workspace, service, projectId, prompt, extra = {}) {
  return {
    ...runnerEnv(workspace),
    MINTLIFY_BASE_URL: service.url,
    MINTLIFY_API_KEY: service.apiKey,
    MINTLIFY_PROJECT_ID: projectId,
    PROMPT: prompt,
    ...extra,
  };
}
