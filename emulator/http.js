// @ts-check
// Small HTTP helpers. Handlers build a PreparedResponse instead of writing to the socket, so that a
// fault can still replace the response after the request was acted on.

/**
 * @typedef {object} PreparedResponse
 * @property {number} status
 * @property {Record<string, string>} headers
 * @property {string} body
 */

/** Bodies above this are not kept: the API only takes short prompts. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * @param {number} status
 * @param {unknown} value
 * @param {Record<string, string>} [headers]
 * @returns {PreparedResponse}
 */
export function jsonResponse(status, value, headers = {}) {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) };
}

/**
 * @param {number} status
 * @param {string} error
 * @returns {PreparedResponse}
 */
export function errorResponse(status, error) {
  return jsonResponse(status, { error });
}

/**
 * Reads the whole request body as UTF-8; null when it is larger than MAX_BODY_BYTES.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<string|null>}
 */
export async function readBody(request) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    // Keep draining past the limit so the client can read the 413 instead of a broken pipe.
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8');
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {PreparedResponse} prepared
 */
export function sendPrepared(response, prepared) {
  if (response.destroyed || response.headersSent) return;
  response.writeHead(prepared.status, {
    ...prepared.headers,
    'content-length': String(Buffer.byteLength(prepared.body)),
  });
  response.end(prepared.body);
}

/**
 * Request headers with lower-case names; repeated headers joined as one value.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {Record<string, string|undefined>}
 */
export function headerRecord(headers) {
  /** @type {Record<string, string|undefined>} */
  const record = { authorization: undefined, 'content-type': undefined, 'user-agent': undefined };
  for (const [name, value] of Object.entries(headers)) {
    record[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}
