/** The trigger check's refusals, each saying why the agent was not started and what would let it start. */
import type { PermissionLevel } from './permission.js';

const README_SECTION = "see 'Who can trigger the agent' in the action's README";

/** A bot that `allowed-bots` does not name; `name` is the login without `[bot]`, as the input takes it. */
export function botNotAllowed(event: string, login: string, name: string): string {
  return (
    `This '${event}' run was triggered by the bot @${login}, which is not listed in 'allowed-bots', so the agent was not started. ` +
    `If this bot may start the agent, add '${name}' to 'allowed-bots'.`
  );
}

export function tokenNeeded(event: string, login: string, minimum: PermissionLevel): string {
  return (
    `is empty, but this '${event}' run needs it to check the repository permission of @${login} ('trigger-permission: ${minimum}'); ` +
    "pass a token that can read the repository, such as ${{ github.token }}, or set 'trigger-permission: none'."
  );
}

/** `reason`: GitHub's answer as what to fix. */
export function checkFailed(what: string, reason: string): string {
  return `Could not check ${what}: ${reason}. A check that fails refuses the run: the agent was not started.`;
}

export function notCollaborator(event: string, login: string, where: string): string {
  return (
    `This '${event}' run was triggered by @${login}, who is not a collaborator of ${where} ` +
    "(GitHub answers 'read' for anyone on a public repository), so the agent was not started. " +
    `'trigger-permission: read' admits collaborators with the read role; add @${login} as one, ` +
    `or set 'trigger-permission: none' to let anyone start the agent (${README_SECTION}).`
  );
}

export function roleTooLow(event: string, login: string, where: string, role: string, minimum: PermissionLevel): string {
  return (
    `This '${event}' run was triggered by @${login}, whose role on ${where} is ${role}, below 'trigger-permission: ${minimum}', ` +
    `so the agent was not started. Give @${login} the ${minimum} role or higher, or lower 'trigger-permission' (${README_SECTION}).`
  );
}
