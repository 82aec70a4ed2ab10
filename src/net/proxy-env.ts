/**
 * The proxy settings of the environment and the one rule that decides, per request, whether it goes
 * through a proxy: the dispatcher routes by it and error messages name the proxy by it, so the two
 * cannot disagree.
 *
 * - Only https requests to a named host use a proxy. Plain http never does: a proxy reads a plain
 *   request, the `Authorization` header included, even inside a CONNECT tunnel. Loopback hosts
 *   (127.0.0.0/8, ::1, localhost) never do either: they are on the runner itself.
 * - The https proxy is `https_proxy`, else `HTTPS_PROXY`, else `http_proxy`, else `HTTP_PROXY`, as
 *   in undici. A lower-case variable wins even when it is set but empty.
 * - A value without a scheme (`proxy:3128`) is taken as `http://proxy:3128`, as curl does.
 * - `no_proxy`, else `NO_PROXY`: entries separated by commas or spaces; `*` alone turns proxies off;
 *   an entry matches the host and its subdomains (a leading `.` or `*.` is ignored) and, with
 *   `:port`, only that port.
 */

/** 127.0.0.0/8, ::1 and localhost: hosts on the runner itself. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export interface ProxySetting {
  /** The value as written, credentials included: it goes to the dispatcher, never to a message. */
  readonly value: string;
  /** Which variable it came from, for messages. */
  readonly variable: string;
}

export interface ProxyEnv {
  /** Only the fallback of `https`: plain http requests never use a proxy. */
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

/** The proxy a request to `url` goes through, if any: only https to a host that is not loopback nor in NO_PROXY. */
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
