// @ts-check
// The generated docs site that every analytics endpoint describes: real-looking paths, computed per
// index on demand, so that visitors, views and feedback talk about the same pages (the action joins
// them by path) and a 100,000-page site costs only the pages actually served.

/**
 * Deterministic value in [0, 1) for an integer (a 32-bit integer hash).
 * @param {number} n
 */
export function unitHash(n) {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return (x >>> 0) / 2 ** 32;
}

/** The most-read pages of a typical product's docs, most read first. */
export const CURATED_PATHS = [
  '/quickstart',
  '/introduction',
  '/authentication',
  '/api-reference/introduction',
  '/api-reference/endpoint/create-job',
  '/api-reference/endpoint/get-job',
  '/api-reference/rate-limits',
  '/guides/webhooks',
  '/api-reference/endpoint/send-message',
  '/sdks/typescript',
  '/sdks/python',
  '/api-reference/errors',
  '/guides/github-actions',
  '/api-reference/pagination',
  '/guides/custom-domains',
  '/concepts/projects',
  '/concepts/jobs',
  '/concepts/api-keys',
  '/api-reference/endpoint/list-jobs',
  '/guides/migrating-from-v1',
  '/cli/installation',
  '/cli/commands',
  '/changelog',
  '/troubleshooting',
  '/faq',
  '/guides/sso',
  '/guides/versioning',
  '/guides/search',
  '/guides/localization',
  '/sdks/go',
  '/integrations/slack',
  '/integrations/github',
  '/integrations/vercel',
  '/settings/navigation',
  '/settings/theme',
  '/components/cards',
  '/components/code-groups',
  '/components/tabs',
  '/api-reference/endpoint/visitors',
  '/api-reference/endpoint/searches',
  '/billing',
  '/security',
  '/status',
];

const SECTIONS = ['guides', 'api-reference/endpoint', 'concepts', 'integrations', 'components', 'sdks', 'cli', 'settings'];
// None of these is the last segment of a curated path, so generated paths never repeat a curated one.
const TOPICS = [
  'overview',
  'setup',
  'configuration',
  'caching',
  'retries',
  'filtering',
  'sorting',
  'exports',
  'imports',
  'events',
  'permissions',
  'teams',
  'environments',
  'deployments',
  'previews',
  'redirects',
  'analytics',
  'feedback',
  'assistant',
  'llms-txt',
  'openapi',
  'mdx',
  'snippets',
  'variables',
  'images',
];

/**
 * Path of page `index` (0 is the most read). The curated pages come first; after them, every
 * (section, topic, round) gives one path, so paths are unique for any site size.
 * @param {number} index
 * @returns {string}
 */
export function sitePath(index) {
  const curated = CURATED_PATHS[index];
  if (curated !== undefined) return curated;
  const rest = index - CURATED_PATHS.length;
  const section = SECTIONS[rest % SECTIONS.length];
  const combination = Math.floor(rest / SECTIONS.length);
  const topic = TOPICS[combination % TOPICS.length];
  const round = Math.floor(combination / TOPICS.length);
  return `/${section}/${topic}${round === 0 ? '' : `-${round + 1}`}`;
}

/**
 * Index of a path in the generated site, for the curated pages only (feedback and searches point
 * at them); undefined otherwise.
 * @param {string} path
 */
export function curatedIndex(path) {
  const index = CURATED_PATHS.indexOf(path);
  return index === -1 ? undefined : index;
}
