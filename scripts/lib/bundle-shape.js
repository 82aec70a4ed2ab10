// @ts-check
// What dist/ leaves out of its dependencies, and why: the esbuild plugin scripts/build.js bundles with.
//
// Most of a short run is start-up, and start-up is mostly parsing and evaluating the bundle. The
// action uses a few parts of its dependencies, whose entry points load much more. No dependency is
// imported by an internal path (they move between releases; a lint rule forbids it for undici);
// instead the build answers a few requires with stand-ins:
//
// - undici's entry requires all of undici when it loads: WebSocket, EventSource, the mock agents,
//   the cache layer, cookies, interceptors. The action uses Agent, ProxyAgent, request and fetch.
//   The requires the ENTRY makes of the parts below get a stand-in that throws when used; the same
//   modules required by anything else (fetch's own code) are bundled as they are, so nothing the
//   action uses can lose a part it needs. The cookie module also reads `globalThis.Headers`, a lazy
//   global that made Node load its own copy of undici (some 10 % of start-up).
// - undici's HTTP/1 client loads its HTTP/2 client, which requires `node:http2` when it loads. The
//   action never speaks HTTP/2 (undici offers it only with `allowH2`, which is off), so that require
//   fails as on a Node built without HTTP/2, a case undici handles.
// - @actions/core's modules do nothing but define when they load; marked so, the parts the action
//   does not call are left out with what they import: the OIDC client (@actions/http-client and
//   tunnel, which load tls and https) and the platform details (@actions/exec, child_process).
//
// Each rule must still match when the dependencies change, or the build fails and names it; a stand-in
// that undici's entry starts to use when it loads fails every end-to-end test at once. What a run
// loads is checked by __tests__/e2e/startup.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';

/** What undici's entry requires (as written there) that the action never uses. */
export const UNDICI_UNUSED = [
  './lib/mock/mock-client',
  './lib/mock/mock-call-history',
  './lib/mock/mock-agent',
  './lib/mock/mock-pool',
  './lib/mock/snapshot-agent',
  './lib/mock/mock-errors',
  './lib/web/websocket/events',
  './lib/web/websocket/websocket',
  './lib/web/websocket/stream/websocketstream',
  './lib/web/websocket/stream/websocketerror',
  './lib/web/eventsource/eventsource',
  './lib/web/cookies',
  './lib/web/cache/cachestorage',
  './lib/cache/memory-cache-store',
  './lib/cache/sqlite-cache-store',
  './lib/interceptor/cache',
  './lib/interceptor/redirect',
  './lib/interceptor/response-error',
  './lib/interceptor/retry',
  './lib/interceptor/dump',
  './lib/interceptor/dns',
  './lib/interceptor/decompress',
  './lib/interceptor/deduplicate',
  './lib/dispatcher/h2c-client',
  './lib/dispatcher/retry-agent',
  './lib/handler/retry-handler',
  './lib/dispatcher/balanced-pool',
  './lib/dispatcher/round-robin-pool',
];

/** Packages whose modules have no side effects when they load. */
export const SIDE_EFFECT_FREE = ['@actions/core'];

/**
 * A part of undici left out. undici's entry reads its exports, and may construct one, while it loads
 * (it makes its `caches` so); after that, any use throws, and so does any use of what was constructed.
 * @param {string} part
 */
function standIn(part) {
  return `const message = ${JSON.stringify(`undici's ${part} is left out of this bundle (scripts/lib/bundle-shape.js)`)};
let entryLoading = true;
queueMicrotask(() => (entryLoading = false));
function leftOut() { throw new Error(message); }
const standIn = new Proxy(leftOut, {
  get: (target, key) => (key === 'prototype' ? target.prototype : standIn),
  apply: leftOut,
  construct: () => (entryLoading ? new Proxy({}, { get: leftOut, set: leftOut }) : leftOut()),
});
module.exports = standIn;
`;
}

const NO_HTTP2 = `throw new Error('node:http2 is left out of this bundle: the action speaks HTTP/1.1 only (scripts/lib/bundle-shape.js)');\n`;

/**
 * The folder of the package whose module is at `entry` (the first folder up with its package.json).
 * @param {string} entry @param {string} name
 */
function packageDir(entry, name) {
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    /** @type {unknown} */
    const parsed = JSON.parse(readFileSync(manifest, 'utf8'));
    if (/** @type {{name?: unknown}} */ (parsed).name === name) return dir + sep;
  }
  throw new Error(`bundle shape: no package.json of ${name} above ${entry}`);
}

/**
 * The plugin, and after the build, the rules that matched nothing. Packages are found as the build
 * resolves them from `root`.
 * @param {string} root
 * @returns {{plugin: import('esbuild').Plugin, unmatched: () => string[]}}
 */
export function bundleShape(root) {
  /** @type {Map<string, number>} */
  const matches = new Map([
    ...UNDICI_UNUSED.map((part) => /** @type {[string, number]} */ ([`undici's entry requires '${part}'`, 0])),
    ["undici requires 'node:http2'", 0],
    ...SIDE_EFFECT_FREE.map((name) => /** @type {[string, number]} */ ([`${name} is bundled`, 0])),
  ]);
  const count = (/** @type {string} */ rule) => matches.set(rule, (matches.get(rule) ?? 0) + 1);
  const resolving = Symbol('resolving');
  const undici = { entry: '', dir: '' };
  /** @type {{name: string, dir: string}[]} */
  const sideEffectFree = [];

  /** @type {import('esbuild').Plugin} */
  const plugin = {
    name: 'bundle-shape',
    setup(build) {
      build.onStart(async () => {
        const found = async (/** @type {string} */ name, /** @type {import('esbuild').ImportKind} */ kind) => {
          const result = await build.resolve(name, { kind, resolveDir: root, pluginData: resolving });
          if (result.errors.length > 0) throw new Error(`bundle shape: ${name} is not installed`);
          return result.path;
        };
        sideEffectFree.length = 0;
        undici.entry = await found('undici', 'require-call');
        undici.dir = packageDir(undici.entry, 'undici');
        for (const name of SIDE_EFFECT_FREE) sideEffectFree.push({ name, dir: packageDir(await found(name, 'import-statement'), name) });
      });
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.importer !== undici.entry || !UNDICI_UNUSED.includes(args.path)) return undefined;
        count(`undici's entry requires '${args.path}'`);
        return { path: args.path, namespace: 'undici-left-out' };
      });
      build.onResolve({ filter: /^node:http2$/ }, (args) => {
        if (!args.importer.startsWith(undici.dir)) return undefined;
        count("undici requires 'node:http2'");
        return { path: args.path, namespace: 'no-http2' };
      });
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === resolving) return undefined;
        const owner = sideEffectFree.find(({ name, dir }) => args.path === name || args.importer.startsWith(dir));
        if (owner === undefined) return undefined;
        const { kind, importer, resolveDir } = args;
        const result = await build.resolve(args.path, { kind, importer, resolveDir, pluginData: resolving });
        if (result.errors.length > 0) return { errors: result.errors };
        if (!result.path.startsWith(owner.dir)) return undefined;
        count(`${owner.name} is bundled`);
        return { path: result.path, namespace: result.namespace, sideEffects: false };
      });
      build.onLoad({ filter: /.*/, namespace: 'undici-left-out' }, (args) => ({ contents: standIn(args.path), loader: 'js' }));
      build.onLoad({ filter: /.*/, namespace: 'no-http2' }, () => ({ contents: NO_HTTP2, loader: 'js' }));
    },
  };
  return { plugin, unmatched: () => [...matches].filter(([, times]) => times === 0).map(([rule]) => rule) };
}

/**
 * esbuild's options for bundling the action's code in `root` as dist/ is bundled (the caller adds
 * entry points and output), and after the build, the rules of the shape that matched nothing. ES
 * modules for Node; Node's own modules stay outside, and the CommonJS code in the bundle (undici)
 * requires them through `require`, which an ES module makes for itself (the banner).
 * @param {string} root
 * @returns {{options: import('esbuild').BuildOptions, unmatched: () => string[]}}
 */
export function esbuildOptions(root) {
  const { plugin, unmatched } = bundleShape(root);
  const banner = "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";
  return {
    options: {
      absWorkingDir: root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'es2022',
      banner: { js: banner },
      plugins: [plugin],
      logLevel: 'warning',
    },
    unmatched,
  };
}
