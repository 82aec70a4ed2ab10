/**
 * Who may start the agent, before any request to the service: on a checked event (trigger.ts) a user
 * with at least `trigger-permission`, or a bot in `allowed-bots`. Anything that prevents the check
 * refuses the run: a gate that opens when it breaks is no gate.
 */
import * as log from '../log.js';
import { InputError, TriggerRefusedError } from '../errors.js';
import type { Sender } from '../event/payload.js';
import type { RunEvent } from '../event/run-event.js';
import type { RepositoryHandle, UsableRepository } from '../github/repository.js';
import { lookUpCollaborator, lookUpPermission } from './github-permission.js';
import { isAtLeast, type GrantedPermission, type PermissionLevel } from './permission.js';
import type { TriggerSettings } from './settings.js';
import { botName, isChecked } from './trigger.js';
import { botNotAllowed, checkFailed, notCollaborator, roleTooLow, tokenNeeded } from './messages.js';

function describe(permission: GrantedPermission): string {
  return permission.role === permission.level ? `'${permission.level}'` : `'${permission.role}' (counted as '${permission.level}')`;
}

function checkBot(sender: Sender, event: string, allowedBots: TriggerSettings['allowedBots']): void {
  const name = botName(sender.login);
  if (allowedBots === 'any' || allowedBots.has(name)) {
    log.info(`Trigger check: the bot @${sender.login} is listed in 'allowed-bots'.`);
    return;
  }
  throw new TriggerRefusedError(botNotAllowed(event, sender.login, name));
}

function usableFor(name: string, github: RepositoryHandle, sender: Sender, minimum: PermissionLevel): UsableRepository {
  if (github.ok) return github;
  switch (github.reason) {
    case 'no-token':
      throw new InputError('github-token', tokenNeeded(name, sender.login, minimum));
    case 'no-repository':
      throw new TriggerRefusedError(`${github.detail}, so who triggered the run cannot be checked; the agent was not started.`);
    case 'bad-endpoint':
      throw new TriggerRefusedError(`${github.detail}, so the permission of the sender cannot be checked; the agent was not started.`);
  }
}

interface UserCheck {
  readonly github: UsableRepository;
  readonly sender: Sender;
  readonly event: string;
  readonly minimum: PermissionLevel;
}

/** A public repository answers 'read' for anyone: only the collaborator check tells them apart. */
async function checkCollaborator(check: UserCheck, permission: GrantedPermission): Promise<void> {
  const { sender, event: name, minimum } = check;
  const where = `${check.github.repository.owner}/${check.github.repository.repo}`;
  const collaborator = await lookUpCollaborator(check.github, sender.login);
  if (!collaborator.ok) {
    const what = `whether @${sender.login}, who triggered this '${name}' run, is a collaborator of ${where}`;
    throw new TriggerRefusedError(checkFailed(what, collaborator.reason));
  }
  if (!collaborator.collaborator) {
    throw new TriggerRefusedError(notCollaborator(name, sender.login, where));
  }
  log.info(
    `Trigger check: @${sender.login} is a collaborator of ${where} with the role ${describe(permission)}; 'trigger-permission' is '${minimum}'.`,
  );
}

async function checkUser(check: UserCheck): Promise<void> {
  const { sender, event: name, minimum } = check;
  const lookup = await lookUpPermission(check.github, sender.login);
  const where = `${check.github.repository.owner}/${check.github.repository.repo}`;
  if (!lookup.ok) {
    const what = `the permission of @${sender.login} on ${where}, who triggered this '${name}' run`;
    throw new TriggerRefusedError(checkFailed(what, lookup.reason));
  }
  const { permission } = lookup;
  if (!isAtLeast(permission.level, minimum)) {
    throw new TriggerRefusedError(roleTooLow(name, sender.login, where, describe(permission), minimum));
  }
  if (permission.level === 'read') return checkCollaborator(check, permission);
  log.info(`Trigger check: @${sender.login} has the role ${describe(permission)} on ${where}; 'trigger-permission' is '${minimum}'.`);
}

export async function checkTrigger(trigger: TriggerSettings, event: RunEvent, github: RepositoryHandle): Promise<void> {
  const name = event.name;
  if (!isChecked(name)) {
    log.debug(
      name === ''
        ? 'Trigger check: no GITHUB_EVENT_NAME (not on a runner), nothing to check.'
        : `Trigger check: '${name}' runs are not checked (only people with write access can cause them).`,
    );
    return;
  }
  const sender = event.sender;
  if (sender === undefined) {
    throw new TriggerRefusedError(
      `This '${name}' run cannot be checked: its event payload (GITHUB_EVENT_PATH) names no sender, so the agent was not started.`,
    );
  }
  if (sender.isBot) return checkBot(sender, name, trigger.allowedBots);
  const minimum = trigger.minimumPermission;
  if (minimum === 'none') {
    log.info(`Trigger check: off for users ('trigger-permission: none'); @${sender.login} triggered this '${name}' run.`);
    return;
  }
  await checkUser({ github: usableFor(name, github, sender, minimum), sender, event: name, minimum });
}
