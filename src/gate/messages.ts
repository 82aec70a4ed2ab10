/**
 * The wording of the trigger check's refusals: one function a message, so the checks in check.ts
 * read without the sentences, and the sentences (quoted by docs/troubleshooting.md) read whole
 * here. Each refusal says why the agent was not started and what would let it start.
 */
import type { PermissionLevel } from './permission.js';

const README_SECTION = "see 'Who can trigger the agent' in the action's README";

/** A bot that `allowed-bots` does not name; `name` is the login without `[bot]`, as the input takes it. */
export function botNotAllowed(event: string, login: string, name: string): string {
  return (
    `This '${event}' run was triggered by the bot @${login}, which is not listed in 'allowed-bots', so the agent was not started. ` +
    `If this bot may start the agent, add '${name}' to 'allowed-bots'.`
  );
}

/** The `github-token` input's error when the check needs a token and the input is empty. */
export function tokenNeeded(event: string, login: string, minimum: PermissionLevel): string {
  return (
    `is empty, but this '${event}' run needs it to check the repository permission of @${login} ('trigger-permission: ${minimum}'); ` +
    "pass a token that can read the repository, such as ${{ github.token }}, or set 'trigger-permission: none'."
  );
}

/** A lookup that failed (`what` is the question asked, `reason` GitHub's answer as what to fix): the run is refused. */
export function checkFailed(what: string, reason: string): string {
  return `Could not check ${what}: ${reason}. A check that fails refuses the run: the agent was not started.`;
}

/** A user who is no collaborator, on a public repository where GitHub reports 'read' for anyone. */
export function notCollaborator(event: string, login: string, where: string): string {
  return (
    `This '${event}' run was triggered by @${login}, who is not a collaborator of ${where} ` +
    "(GitHub answers 'read' for anyone on a public repository), so the agent was not started. " +
    `'trigger-permission: read' admits collaborators with the read role; add @${login} as one, ` +
    `or set 'trigger-permission: none' to let anyone start the agent (${README_SECTION}).`
  );
}

/** A user whose role (`role`, as `describe` in check.ts words it) is below `trigger-permission`. */
export function roleTooLow(event: string, login: string, where: string, role: string, minimum: PermissionLevel): string {
  return (
    `This '${event}' run was triggered by @${login}, whose role on ${where} is ${role}, below 'trigger-permission: ${minimum}', ` +
    `so the agent was not started. Give @${login} the ${minimum} role or higher, or lower 'trigger-permission' (${README_SECTION}).`
  );
}
