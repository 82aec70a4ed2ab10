/**
 * The proxy settings and the one rule of whether a request uses a proxy: the dispatcher routes by it and messages name
 * the proxy by it, so the two cannot disagree.
 * - Only https to a named host. A proxy reads plain http, `Authorization` included, even inside a CONNECT tunnel;
 *   loopback (127.0.0.0/8, ::1, localhost) is on the runner itself.
 * - `https_proxy`, else `HTTPS_PROXY`, else `http_proxy`, else `HTTP_PROXY`, as in undici; a set but empty lower-case
 *   variable still wins. `proxy:3128` is taken as `http://proxy:3128`, as curl and @actions/http-client do.
 * - `no_proxy`, else `NO_PROXY`: comma- or space-separated; `*` alone turns proxies off; an entry matches the host and
 *   its subdomains (a leading `.` or `*.` is ignored) and, with `:port`, only that port.
 */

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export interface ProxySetting {
  /** The value as written, credentials included: it goes to the dispatcher, never to a message. */
  readonly value: string;
  readonly variable: string;
}

export interface ProxyEnv {
  /** Only the fallback of `https`: plain http requests never use a proxy. */
  readonly http?: ProxySetting;
  readonly https?: ProxySetting;
  readonly noProxy: string;
}

function pick(env: NodeJS.ProcessEnv, lower: string, upper: string): ProxySetting | undefined {
  const variable = env[lower] !== undefined ? lower : upper;
  const value = env[variable]?.trim();
  if (!value) return undefined;
  return { value: /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`, variable };
}

export function readProxyEnv(env: NodeJS.ProcessEnv = process.env): ProxyEnv {
  const http = pick(env, 'http_proxy', 'HTTP_PROXY');
  const https = pick(env, 'https_proxy', 'HTTPS_PROXY') ?? http;
  const noProxy = env['no_proxy'] ?? env['NO_PROXY'] ?? '';
  return { ...(http && { http }), ...(https && { https }), noProxy };
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/** Whether NO_PROXY sends this URL directly (undici's matching rules). */
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

export function proxySettingFor(url: URL, proxyEnv: ProxyEnv): ProxySetting | undefined {
  if (url.protocol !== 'https:' || isLoopbackHost(url.hostname) || bypassesProxy(url, proxyEnv.noProxy)) return undefined;
  return proxyEnv.https;
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
