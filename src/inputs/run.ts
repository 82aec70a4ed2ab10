/**
 * The inputs every feature shares; keys and tokens masked before anything else reads them. The key and the project may be
 * empty: a run that ends skipped needs neither (a fork's pull request gets no secrets).
 */
import * as log from '../log.js';
import { InputError } from '../errors.js';
import { BASE_URL_FORM, parseBaseUrl } from './base-url.js';
import { nonHeaderCharacter } from './header-value.js';
import { ID_FORM, idProblem } from './identifier.js';
import type { InputReader } from './reader.js';
import type { NamedSecret } from '../text/redact.js';

export const RUN_INPUTS = {
  'api-key': '',
  'project-id': '',
  timeout: '60m',
  'request-timeout': '30s',
  'base-url': 'https://api.mintlify.com',
  summary: 'true',
  'github-token': '${{ github.token }}',
  'docs-token': '',
} as const;

export type RunInput = keyof typeof RUN_INPUTS;

export interface RunSettings {
  /** Undefined when empty; checked for form when given. */
  readonly apiKey?: string;
  /** Undefined when empty; checked for form when given. */
  readonly projectId?: string;
  /** Service root without trailing slash. */
  readonly baseUrl: URL;
  /** Budget for the whole run: requests, retries and waiting. */
  readonly timeoutMs: number;
  /** Budget for one HTTP request, so that a hung connection cannot hold the step. */
  readonly requestTimeoutMs: number;
  readonly summary: boolean;
  /** `github-token`, when one was given (on a runner it defaults to the workflow's token). */
  readonly githubToken?: string;
  /** `docs-token`, when one was given: for the repository of the agent's pull requests when it is not the workflow's own. */
  readonly docsToken?: string;
}

const MAX_DURATION_MS = 24 * 3_600_000;

/** A bad character is an input error, not a request that failed on its way out; the value is never quoted. */
function requireHeaderValue(name: 'api-key' | 'github-token' | 'docs-token', value: string, fix: string): void {
  if (/[ \t\r\n\v\f]/.test(value)) throw new InputError(name, `contains whitespace or a line break inside; ${fix}.`);
  const invisible = nonHeaderCharacter(value);
  if (invisible !== undefined) {
    throw new InputError(
      name,
      `contains ${invisible}, which an HTTP header cannot carry (visible ASCII only); ` +
        `an invisible character was probably pasted with it. Copy it again and ${fix}.`,
    );
  }
}

function readApiKey(inputs: InputReader<RunInput>): string | undefined {
  const key = inputs.secret('api-key');
  if (key === '') return undefined;
  requireHeaderValue('api-key', key, 'paste the key alone (an admin key looks like mint_…)');
  if (!key.startsWith('mint_')) {
    log.warning("Input 'api-key' does not start with 'mint_', the prefix of Mintlify admin keys; the service decides whether it is valid.");
  }
  return key;
}

/** Undefined when empty, or when it is action.yml's default expression itself (outside a runner nothing expands it). */
function readGithubToken(inputs: InputReader<RunInput>): string | undefined {
  const token = inputs.raw('github-token').trim();
  if (token === '' || token === RUN_INPUTS['github-token']) return undefined;
  inputs.secret('github-token');
  requireHeaderValue('github-token', token, 'paste the token alone, such as ${{ github.token }}');
  return token;
}

/** `docs-token`, masked at once like `github-token`; undefined when empty (then `github-token` is used). */
function readDocsToken(inputs: InputReader<RunInput>): string | undefined {
  const token = inputs.secret('docs-token');
  if (token === '') return undefined;
  requireHeaderValue('docs-token', token, 'paste the token alone, such as ${{ steps.docs-token.outputs.token }}');
  return token;
}

/** An id that goes into a request path: `project-id`, `job-id`. */
export function readId(name: 'project-id' | 'job-id', value: string): string {
  const problem = idProblem(value);
  if (problem === undefined) return value;
  const example = name === 'job-id' ? 'job_123' : 'proj_123';
  throw new InputError(name, `${problem}; it must be ${ID_FORM}, such as '${example}', got '${value}'.`);
}

export function readRunSettings(inputs: InputReader<RunInput>): RunSettings {
  const apiKey = readApiKey(inputs);
  const githubToken = readGithubToken(inputs);
  const docsToken = readDocsToken(inputs);
  const projectText = inputs.raw('project-id').trim();
  const projectId = projectText === '' ? undefined : readId('project-id', projectText);
  const baseUrlText = inputs.text('base-url');
  const baseUrl = parseBaseUrl(baseUrlText);
  if ('reason' in baseUrl) throw new InputError('base-url', `${baseUrl.reason}; it must be ${BASE_URL_FORM}, got '${baseUrlText}'.`);
  return {
    ...(apiKey !== undefined && { apiKey }),
    ...(projectId !== undefined && { projectId }),
    baseUrl: baseUrl.url,
    timeoutMs: inputs.duration('timeout', 1000, MAX_DURATION_MS),
    requestTimeoutMs: inputs.duration('request-timeout', 1000, 600_000),
    summary: inputs.bool('summary'),
    ...(githubToken !== undefined && { githubToken }),
    ...(docsToken !== undefined && { docsToken }),
  };
}

/** What a run that calls the service (a job or an analytics report) cannot do without. */
export interface ServiceAccess {
  readonly apiKey: string;
  readonly projectId: string;
}

const NO_SECRETS =
  'If the secret is set, this run did not get it: GitHub gives no secrets to runs for pull requests from forks, ' +
  "and runs triggered by Dependabot get only Dependabot's secrets.";

/** Refused when empty only here, once the plan calls the service, so a run that skips an event (a fork's review) ends green. */
export function serviceAccessOf(run: RunSettings): ServiceAccess {
  if (run.apiKey === undefined) {
    throw new InputError(
      'api-key',
      'is empty, but this run starts or follows an agent job or reads analytics, ' +
        `which needs a Mintlify admin key (mint_…), such as \${{ secrets.MINTLIFY_API_KEY }}. ${NO_SECRETS}`,
    );
  }
  if (run.projectId === undefined) {
    throw new InputError(
      'project-id',
      `is empty, but this run starts or follows an agent job or reads analytics, which needs the Mintlify project id: ${ID_FORM}, ` +
        "such as 'proj_123'. If it is set as a variable, this run did not get it: GitHub gives no variables to runs for pull requests from forks.",
    );
  }
  return { apiKey: run.apiKey, projectId: run.projectId };
}

/** The run's secrets, named by their input: a prompt that carries one is refused. */
export function secretsOf(run: RunSettings): NamedSecret[] {
  const secrets: NamedSecret[] = [];
  if (run.apiKey !== undefined) secrets.push({ input: 'api-key', value: run.apiKey });
  if (run.githubToken !== undefined) secrets.push({ input: 'github-token', value: run.githubToken });
  if (run.docsToken !== undefined) secrets.push({ input: 'docs-token', value: run.docsToken });
  return secrets;
}
