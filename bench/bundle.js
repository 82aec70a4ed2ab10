// @ts-check
// Section 4, bundle: the size of every file in dist/, and what the main chunk (parsed on every run)
// contains of the heavy dependencies.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** Text that only the named code contains, to tell what a chunk carries. */
const MARKERS = [
  { what: "undici's dispatchers (Agent, ProxyAgent)", marker: 'Proxy uri is mandatory' },
  { what: "undici's fetch", marker: 'Response.redirect' },
  { what: "undici's mocks", marker: 'Mock dispatch not matched' },
  { what: "undici's WebSocket", marker: 'non-101 status code' },
  { what: "Node's http2 (undici's HTTP/2 client requires it)", marker: '("node:http2")' },
  { what: 'the issue comment', marker: 'mintlify-docs-agent job=' },
  { what: '@actions/http-client', marker: 'class HttpClientError' },
  { what: 'tunnel', marker: 'exports.httpOverHttp = httpOverHttp' },
  { what: 'Octokit (@octokit/core)', marker: 'octokit-core.js/' },
];

/**
 * @typedef {object} BundleFile
 * @property {string} name
 * @property {number} bytes
 * @property {number} gzipBytes
 * @property {string[]} contains what of MARKERS the file holds (.js only)
 */

/** @returns {BundleFile[]} */
export function describeBundle() {
  return readdirSync(DIST)
    .filter((name) => statSync(join(DIST, name)).isFile())
    .sort((a, b) => (a === 'index.js' ? -1 : b === 'index.js' ? 1 : a.localeCompare(b)))
    .map((name) => {
      const content = readFileSync(join(DIST, name));
      const text = name.endsWith('.js') ? content.toString('utf8') : '';
      return {
        name,
        bytes: content.length,
        gzipBytes: gzipSync(content).length,
        contains: MARKERS.filter(({ marker }) => text.includes(marker)).map(({ what }) => what),
      };
    });
}
