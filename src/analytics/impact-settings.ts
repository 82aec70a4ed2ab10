/** The impact inputs (`impact-*`, `docs-root`): they act only with `impact` in `analytics-reports`. */
import * as log from '../log.js';
import { InputError } from '../errors.js';
import { isLogin } from '../event/payload.js';
import type { InputReader } from '../inputs/reader.js';
import { IMPACT_DEFAULTS, MIN_VOTES_FLOOR, type ImpactSettings } from './impact-report.js';

export const IMPACT_INPUTS = {
  'impact-weeks': String(IMPACT_DEFAULTS.weeks),
  'impact-window': String(IMPACT_DEFAULTS.windowDays),
  'impact-min-votes': String(IMPACT_DEFAULTS.minVotes),
  'impact-authors': '',
  'docs-root': '',
  'impact-comment': 'false',
} as const;

export type ImpactInput = keyof typeof IMPACT_INPUTS | 'docs-check';

/** The merge range and each window, bounded so that a run reads at most a year of weeks. */
const MAX_WEEKS = 26;
const MAX_WINDOW_DAYS = 91;

function readAuthors(inputs: InputReader<ImpactInput>): readonly string[] | undefined {
  const logins = inputs
    .text('impact-authors')
    .split(/[\s,]+/)
    .filter((login) => login !== '');
  const wrong = logins.find((login) => !isLogin(login));
  if (wrong !== undefined) {
    throw new InputError(
      'impact-authors',
      `'${wrong}' is not a GitHub login; give a comma list of logins such as 'octocat' or 'mintlify[bot]'.`,
    );
  }
  return logins.length === 0 ? undefined : logins;
}

/** `docs-root`, also the docs check's default `docs-path` (the docs beside the code). */
export function readDocsRoot(inputs: InputReader<'docs-root'>): string {
  const value = inputs.text('docs-root');
  const root = value.replace(/^(\.\/|\/)+/, '').replace(/\/+$/, '');
  if (root === '.' || root === '') return '';
  if (root.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new InputError(
      'docs-root',
      `must be a folder of the repository such as 'docs' (no '..'), or empty for its root, got '${value}'.`,
    );
  }
  return root;
}

/** Undefined without `impact`, every input still validated; one warning names the impact inputs set to no effect. */
export function readImpactSettings(inputs: InputReader<ImpactInput>, chosen: boolean): ImpactSettings | undefined {
  const weeks = inputs.integer('impact-weeks', 1, MAX_WEEKS);
  const windowDays = inputs.integer('impact-window', 7, MAX_WINDOW_DAYS);
  const askedVotes = inputs.integer('impact-min-votes', 1, 100000);
  const authors = readAuthors(inputs);
  const docsRoot = readDocsRoot(inputs);
  const comment = inputs.bool('impact-comment');
  if (!chosen) {
    // `docs-root` is also the docs check's default `docs-path`.
    const ignored = (Object.keys(IMPACT_INPUTS) as ImpactInput[]).filter(
      (name) => inputs.isSet(name) && !(name === 'docs-root' && inputs.bool('docs-check')),
    );
    if (ignored.length > 0)
      log.warning(`${ignored.join(', ')} set but analytics-reports does not include 'impact': no impact report is made.`);
    return undefined;
  }
  // Workflows written with a smaller minimum keep running: fewer votes than the floor support no verdict.
  if (askedVotes < MIN_VOTES_FLOOR) {
    log.notice(`impact-min-votes: ${askedVotes} is raised to ${MIN_VOTES_FLOOR}: fewer votes in a window cannot support a verdict.`);
  }
  const minVotes = Math.max(askedVotes, MIN_VOTES_FLOOR);
  return { weeks, windowDays, minVotes, docsRoot, comment, ...(authors && { authors }) };
}
