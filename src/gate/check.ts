/**
 * The gate on who may start the agent, run before any request to the service. For a checked event
 * (see trigger.ts) the sender must be a user with at least `trigger-permission` on the repository,
 * or a bot named in `allowed-bots`. Anything that prevents the check (no sender, no token, a failed
 * lookup) refuses the run: a gate that opens when it breaks is no gate.
 */
import { readFileSync } from 'node:fs';
import * as log from '../log.js';
import { InputError, TriggerRefusedError } from '../errors.js';
import type { Runtime } from '../runtime.js';
import { userAgent } from '../version.js';
import { lookUpPermission, type Repository } from './github-permission.js';
import { isAtLeast, type GrantedPermission } from './permission.js';
import type { TriggerSettings } from './settings.js';
import { botName, isChecked, senderOf, type Sender } from './trigger.js';

/** The runner's variables the gate reads: GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL. */
export type Environment = Readonly<Record<string, string | undefined>>;

export interface GateSettings {
  readonly trigger: TriggerSettings;
  /** Reads the sender's permission; undefined when no token was given. */
  readonly githubToken?: string;
  readonly requestTimeoutMs: number;
  readonly timeoutMs: number;
}

const README_SECTION = "see 'Who can trigger the agent' in the action's README";

/** The event payload, or undefined when the file is missing or not JSON (then no sender can be named). */
function readPayload(path: string | undefined): unknown {
  if (path === undefined || path === '') return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function repositoryOf(env: Environment): Repository {
  const value = env['GITHUB_REPOSITORY'] ?? '';
  const [owner, repo, ...rest] = value.split('/');
  if (!owner || !repo || rest.length > 0) {
    throw new TriggerRefusedError(
      `GITHUB_REPOSITORY is '${value}', not 'owner/repo', so who triggered the run cannot be checked; the agent was not started.`,
    );
  }
  return { owner, repo };
}

/**
 * GITHUB_API_URL, which the runner sets (https://api.github.com, or the GitHub Enterprise Server
 * address) and a workflow cannot override; used as the comment calls use it.
 */
function apiUrlOf(env: Environment): URL {
  const value = env['GITHUB_API_URL'] || 'https://api.github.com';
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new TriggerRefusedError(
      `GITHUB_API_URL '${value}' is not an http(s) URL without credentials, so the permission of the sender cannot be checked; the agent was not started.`,
    );
  }
  return url;
}

function describe(permission: GrantedPermission): string {
  return permission.role === permission.level ? `'${permission.level}'` : `'${permission.role}' (counted as '${permission.level}')`;
}

function checkBot(sender: Sender, event: string, allowedBots: TriggerSettings['allowedBots']): void {
  const name = botName(sender.login);
  if (allowedBots === 'any' || allowedBots.has(name)) {
    log.info(`Trigger check: the bot @${sender.login} is listed in 'allowed-bots'.`);
    return;
  }
  throw new TriggerRefusedError(
    `This '${event}' run was triggered by the bot @${sender.login}, which is not listed in 'allowed-bots', so the agent was not started. If this bot may start the agent, add '${name}' to 'allowed-bots'.`,
  );
}

export async function checkTrigger(settings: GateSettings, runtime: Runtime, env: Environment): Promise<void> {
  const event = env['GITHUB_EVENT_NAME'] ?? '';
  if (!isChecked(event)) {
    log.debug(
      event === ''
        ? 'Trigger check: no GITHUB_EVENT_NAME (not on a runner), nothing to check.'
        : `Trigger check: '${event}' runs are not checked (only people with write access can cause them).`,
    );
    return;
  }
  const sender = senderOf(readPayload(env['GITHUB_EVENT_PATH']));
  if (sender === undefined) {
    throw new TriggerRefusedError(
      `This '${event}' run cannot be checked: its event payload (GITHUB_EVENT_PATH) names no sender, so the agent was not started.`,
    );
  }
  if (sender.isBot) return checkBot(sender, event, settings.trigger.allowedBots);
  const minimum = settings.trigger.minimumPermission;
  if (minimum === 'none') {
    log.info(`Trigger check: off for users ('trigger-permission: none'); @${sender.login} triggered this '${event}' run.`);
    return;
  }
  if (settings.githubToken === undefined) {
    throw new InputError(
      'github-token',
      `is empty, but this '${event}' run needs it to check the repository permission of @${sender.login} ('trigger-permission: ${minimum}'); pass a token that can read the repository, such as \${{ github.token }}, or set 'trigger-permission: none'.`,
    );
  }
  const repository = repositoryOf(env);
  const lookup = await lookUpPermission(
    {
      dispatcher: runtime.dispatcher,
      apiUrl: apiUrlOf(env),
      repository,
      token: settings.githubToken,
      userAgent: userAgent(),
      requestTimeoutMs: settings.requestTimeoutMs,
      clock: runtime.clock,
      sleep: runtime.sleep,
      random: runtime.random,
      deadline: runtime.clock() + settings.timeoutMs,
      debug: (message) => log.debug(message),
    },
    sender.login,
  );
  const where = `${repository.owner}/${repository.repo}`;
  if (!lookup.ok) {
    throw new TriggerRefusedError(
      `Could not check the permission of @${sender.login} on ${where}, who triggered this '${event}' run: ${lookup.reason}. A check that fails refuses the run: the agent was not started.`,
    );
  }
  const { permission } = lookup;
  if (!isAtLeast(permission.level, minimum)) {
    throw new TriggerRefusedError(
      `This '${event}' run was triggered by @${sender.login}, whose role on ${where} is ${describe(permission)}, below 'trigger-permission: ${minimum}', so the agent was not started. Give @${sender.login} the ${minimum} role or higher, or lower 'trigger-permission' (${README_SECTION}).`,
    );
  }
  log.info(`Trigger check: @${sender.login} has the role ${describe(permission)} on ${where}; 'trigger-permission' is '${minimum}'.`);
}
