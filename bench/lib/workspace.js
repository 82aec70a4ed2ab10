// @ts-check
// A runner-like workspace for one contender: GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and the
// environment each contender gets. Nothing from the developer's shell leaks in (NODE_OPTIONS,
// NODE_EXTRA_CA_CERTS or proxies would change what is measured); every contender gets the same base.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  const dir = mkdtempSync(join(tmpdir(), `bench-${label}-`));
  const outputFile = join(dir, 'github_output');
  const summaryFile = join(dir, 'step_summary.md');
  const clear = () => {
    writeFileSync(outputFile, '');
    writeFileSync(summaryFile, '');
  };
  clear();
  return {
    dir,
    outputFile,
    summaryFile,
    clear,
    outputs: () => parseOutputs(readFileSync(outputFile, 'utf8')),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** @param {string} text */
function parseOutputs(text) {
  /** @type {Record<string, string>} */
  const outputs = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[match[1] ?? ''] = match[3] ?? '';
  for (const match of text.matchAll(/^([\w-]+)=(.*)$/gm)) outputs[match[1] ?? ''] = match[2] ?? '';
  return outputs;
}

/**
 * The environment of a runner step, without inputs.
 * @param {Workspace} workspace
 * @returns {Record<string, string>}
 */
export function stepEnv(workspace) {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: workspace.dir,
    RUNNER_TEMP: workspace.dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace.dir,
    GITHUB_REPOSITORY: 'acme/docs',
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_OUTPUT: workspace.outputFile,
    GITHUB_STEP_SUMMARY: workspace.summaryFile,
  };
}

/**
 * The action's environment: inputs as the runner passes them (`INPUT_API-KEY`: upper case, dash kept).
 * @param {Workspace} workspace
 * @param {Readonly<Record<string, string>>} inputs by their action.yml names
 */
export function actionEnv(workspace, inputs) {
  /** @type {Record<string, string>} */
  const env = stepEnv(workspace);
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return env;
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
    ...stepEnv(workspace),
    MINTLIFY_BASE_URL: service.url,
    MINTLIFY_API_KEY: service.apiKey,
    MINTLIFY_PROJECT_ID: projectId,
    PROMPT: prompt,
    ...extra,
  };
}
