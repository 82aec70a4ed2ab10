/**
 * The parts of undici this action's main chunk needs, for the bundler: `undici` resolves here in
 * the build (tsconfig.json `paths`), for every importer, @actions/http-client included. undici's
 * entry point loads all of undici (fetch, WebSocket, cache, mocks: ~60 % of the bundle) whatever is
 * imported from it. Type checking and tests (tsconfig.check.json) use the real undici.
 */
import type * as Undici from '../../node_modules/undici/index.js';
import api from 'undici/lib/api/index.js';
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import ProxyAgentImpl from 'undici/lib/dispatcher/proxy-agent.js';

// What undici's entry point does: the request, stream, pipeline, upgrade and connect methods of every
// dispatcher (ProxyAgent tunnels with `connect`).
Object.assign(DispatcherImpl.prototype, api);

export type * from '../../node_modules/undici/index.js';
export type EnvHttpProxyAgent = Undici.EnvHttpProxyAgent;
export type ProxyAgent = Undici.ProxyAgent;

export const EnvHttpProxyAgent: typeof Undici.EnvHttpProxyAgent = EnvHttpProxyAgentImpl;
/** For @actions/http-client (imported by @actions/core). */
export const ProxyAgent: typeof Undici.ProxyAgent = ProxyAgentImpl;

/** undici's `request` (its entry point wraps the same function this way). */
export const request = ((url: string | URL, options: Undici.Dispatcher.RequestOptions & { dispatcher: Undici.Dispatcher }) => {
  const target = new URL(url);
  return api.request.call(options.dispatcher, {
    ...options,
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    method: options.method ?? (options.body ? 'PUT' : 'GET'),
  });
}) as typeof Undici.request;

/** For @actions/github (the comment chunk): all of fetch loads on first use. */
export const fetch: typeof Undici.fetch = async (input, init) => {
  const { fetch: fetchImpl } = await import('undici/lib/web/fetch/index.js');
  return fetchImpl(input, init);
};
