/**
 * What bench/docs-check.js and bench/docs-check-replay.js need from src/ (the docs check's engine,
 * which the action does not call yet): bundled on the fly with esbuild, as the build bundles src/index.ts.
 */
export { checkDocs } from '../../src/docs-check/check.js';
export { bm25, buildIndex } from '../../src/docs-check/docs-index.js';
export { gatherEvidence, queryOf } from '../../src/docs-check/evidence.js';
export { docsFolderOf, maxBytesOf, readDocsFolder } from '../../src/docs-check/folder.js';
export { familyOf } from '../../src/docs-check/languages.js';
export { mentionsOf } from '../../src/docs-check/mentions.js';
export { changedNames, changeText } from '../../src/docs-check/names.js';
export { DEFAULT_TUNING, FEATURES, factsOf, featuresOf, likelyOf, pastPages, scoreOf } from '../../src/docs-check/rank.js';
export { buildSite } from '../../src/docs-check/site.js';
