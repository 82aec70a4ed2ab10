/**
 * What bench/impact.js needs from src/ (the engine's functions, which the action's bundle does not
 * export): bundled on the fly, as the build bundles src/index.ts.
 */
export { RequestBudget } from '../../src/analytics/budget.js';
export { GitHubClient } from '../../src/github/client.js';
export { buildImpactReport } from '../../src/impact/measure.js';
export { readMergedPulls } from '../../src/impact/pulls.js';
export { IMPACT_DEFAULTS } from '../../src/analytics/impact-report.js';
export { dayOf } from '../../src/impact/windows.js';
export { MintlifyClient } from '../../src/service/client.js';
