/**
 * What bench/docs-check-hostile.js measures: the docs check's functions that read text a pull
 * request or a docs folder controls, bundled on the fly with esbuild.
 */
export { checkDocs } from '../../src/docs-check/check.js';
export { readSiteConfig } from '../../src/docs-check/config.js';
export { buildIndex } from '../../src/docs-check/docs-index.js';
export { pullKind } from '../../src/docs-check/evidence.js';
export { docsFolderOf } from '../../src/docs-check/folder.js';
export { readFrontmatter } from '../../src/docs-check/frontmatter.js';
export { namesOnLine } from '../../src/docs-check/identifiers.js';
export { familyOf } from '../../src/docs-check/languages.js';
export { lineMentions, mentionsOf } from '../../src/docs-check/mentions.js';
export { changedNames, routeOfPath } from '../../src/docs-check/names.js';
export { operationsOf, parseOperationReference } from '../../src/docs-check/openapi.js';
export { parsePatch } from '../../src/docs-check/patch.js';
export { includesOf, mapSnippets } from '../../src/docs-check/snippets.js';
export { buildSite, isGenerated } from '../../src/docs-check/site.js';
export { nameParts, words } from '../../src/docs-check/tokens.js';
