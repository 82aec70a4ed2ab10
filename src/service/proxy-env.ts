/**
 * The proxy settings of the environment, read with the rules of undici's `EnvHttpProxyAgent`, so that
 * the dispatcher and the error messages name the same proxy.
 *
 * undici's rules (not quite curl's):
 * - http targets use `http_proxy`, else `HTTP_PROXY`; https targets use `https_proxy`, else
 *   `HTTPS_PROXY`, else the http proxy. The lower-case name wins even when it is set but empty.
 * - A value without a scheme (`proxy:3128`) is taken as `http://proxy:3128`, as curl does.
 * - `no_proxy`, else `NO_PROXY`: entries separated by commas or spaces; `*` alone turns proxies off;
 *   an entry matches the host and its subdomains (a leading `.` or `*.` is ignored) and, with
 *   `:port`, only that port. Loopback hosts are proxied unless listed.
 */

export interface ProxySetting {
  /** The value as written, credentials included: it goes to the dispatcher, never to a message. */
  readonly value: string;
  /** Which variable it came from, for messages. */
  readonly variable: string;
}

export interface ProxyEnv {
  readonly http?: ProxySetting;
  /** Already falls back to `http` when no https proxy is set. */
  readonly https?: ProxySetting;
  readonly noProxy: string;
}

function pick(env: NodeJS.ProcessEnv, lower: string, upper: string): ProxySetting | undefined {
  // `??` on purpose: undici lets an empty lower-case variable hide the upper-case one.
  const variable = env[lower] !== undefined ? lower : upper;
  const value = env[variable]?.trim();
  if (!value) return undefined;
  // `proxy:3128` is common in runner setups; curl and @actions/http-client read it as http://.
  return { value: /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`, variable };
}

export function readProxyEnv(env: NodeJS.ProcessEnv = process.env): ProxyEnv {
  const http = pick(env, 'http_proxy', 'HTTP_PROXY');
  const https = pick(env, 'https_proxy', 'HTTPS_PROXY') ?? http;
  const noProxy = env['no_proxy'] ?? env['NO_PROXY'] ?? '';
  return { ...(http && { http }), ...(https && { https }), noProxy };
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** Whether NO_PROXY sends this URL directly, by undici's matching rules. */
export function bypassesProxy(url: URL, noProxy: string): boolean {
  const entries = noProxy.split(/[,\s]/).filter((entry) => entry !== '');
  if (entries.length === 0) return false;
  if (noProxy === '*') return true;
  const hostname = url.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number.parseInt(url.port, 10) || DEFAULT_PORTS[url.protocol] || 0;
  return entries.some((entry) => {
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const host = (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase();
    const entryPort = parsed?.[2] === undefined ? 0 : Number.parseInt(parsed[2], 10);
    if (entryPort !== 0 && entryPort !== port) return false;
    return hostname === host || hostname.endsWith(`.${host}`);
  });
}

/** The proxy a request to `url` goes through, if any. */
export function proxySettingFor(url: URL, proxyEnv: ProxyEnv): ProxySetting | undefined {
  if (bypassesProxy(url, proxyEnv.noProxy)) return undefined;
  return url.protocol === 'https:' ? proxyEnv.https : proxyEnv.http;
}

/** `http://proxy:3128 (from HTTPS_PROXY)`, without credentials, for messages. */
export function describeProxy(setting: ProxySetting): string {
  try {
    const proxy = new URL(setting.value);
    return `${proxy.origin} (from ${setting.variable})`;
  } catch {
    return `(unparsable ${setting.variable})`;
  }
}
