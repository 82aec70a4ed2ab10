/** Name and version sent as the User-Agent; a test keeps the version equal to package.json's. */
export const ACTION_NAME = 'mintlify-docs-agent-action';
export const ACTION_VERSION = '1.0.0';

export function userAgent(): string {
  return `${ACTION_NAME}/${ACTION_VERSION} node/${process.versions.node}`;
}
