// @ts-check
// The Node binaries to measure on: the one running the benchmark (Node 20 here) and Node 24, the
// runtime the action declares (`runs.using: node24`), from scripts/node24.sh.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeVersion } from './machine.js';

const NODE24_SCRIPT = fileURLToPath(new URL('../../scripts/node24.sh', import.meta.url));

/**
 * @typedef {object} NodeBinary
 * @property {string} label e.g. "Node 24"
 * @property {string} path
 * @property {string} version e.g. "v24.21.0"
 * @property {number} major
 */

/** @param {string} path @returns {NodeBinary} */
function describe(path) {
  const version = nodeVersion(path);
  const major = Number(/^v(\d+)/.exec(version)?.[1] ?? 0);
  return { label: `Node ${major}`, path, version, major };
}

/**
 * @returns {{nodes: NodeBinary[], notes: string[]}}
 */
export function findNodes() {
  const nodes = [describe(process.execPath)];
  /** @type {string[]} */
  const notes = [];
  try {
    const path = execFileSync(NODE24_SCRIPT, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    const node24 = describe(path);
    if (node24.major !== nodes[0]?.major) nodes.push(node24);
  } catch (error) {
    notes.push(
      `Node 24 is not measured: scripts/node24.sh failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`,
    );
  }
  return { nodes: nodes.sort((a, b) => a.major - b.major), notes };
}
