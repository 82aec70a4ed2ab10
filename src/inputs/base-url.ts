/** https only, as the request carries the admin key; plain http for loopback hosts only (the local emulator). */
import { isLoopbackHost } from '../net/proxy-env.js';

export const BASE_URL_FORM =
  "an https URL without credentials, query or fragment, such as 'https://api.mintlify.com' (http only for 127.0.0.1, ::1 or localhost)";

/** Returns the normalised URL (no trailing slash), or a reason it is rejected. */
export function parseBaseUrl(text: string): { url: URL } | { reason: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { reason: 'is not a URL' };
  }
  if (url.username || url.password) return { reason: 'must not carry credentials (pass the key as api-key)' };
  if (url.search || url.hash || text.includes('?') || text.includes('#')) {
    return { reason: 'must not carry a query or fragment' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { reason: 'must use https (plain http is only allowed for loopback hosts)' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { reason: `has unsupported scheme '${url.protocol}'` };
  url.pathname = url.pathname.replace(/\/+$/, '');
  return { url };
}
