/**
 * What bench/impact-sound.js needs: the impact report's statistics from src/ (the same functions
 * the action runs, bundled on the fly) and the seeded site model the tests use.
 */
export { measurePulls } from '../../src/impact/measure.js';
export { boundaries, informationFractions } from '../../src/impact/sequential.js';
export { normalQuantile } from '../../src/impact/stats.js';
export { REPORT, SITE, simulateReport } from '../../__tests__/helpers/impact-simulator.js';
