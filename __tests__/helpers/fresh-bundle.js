// @ts-check
// Global setup of the tests that run dist/index.js (jest.config.js, project `bundle`): they stop at
// once, before any test, when the bundle was not built from the sources in the working tree.
import { fileURLToPath } from 'node:url';
import { staleBundleReason } from '../../scripts/lib/build-inputs.js';

/**
 * Throws, with what to do, when the bundle of the repository at `root` is stale.
 * @param {string} root
 */
export function assertFreshBundle(root) {
  const reason = staleBundleReason(root);
  if (reason !== undefined) {
    throw new Error(`The end-to-end tests run dist/index.js, but ${reason}. Run \`npm run build\`, then the tests again.`);
  }
}

export default function freshBundle() {
  assertFreshBundle(fileURLToPath(new URL('../..', import.meta.url)));
}
