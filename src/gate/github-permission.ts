/**
 * A user's permission on the repository, and, where that cannot tell, whether they are a collaborator
 * (204 yes, 404 no). A lookup that fails is a refusal, never a pass, and says what to fix.
 */
import type { Repository } from '../event/run-event.js';
import { GitHubError } from '../github/errors.js';
import type { UsableRepository } from '../github/repository.js';
import { adviseOnGitHubFailure } from '../github/failure.js';
import { grantedPermission, type GrantedPermission } from './permission.js';
import { wellFormed } from '../text/uri.js';

export type PermissionLookup =
  { readonly ok: true; readonly permission: GrantedPermission } | { readonly ok: false; readonly reason: string };

export type CollaboratorLookup = { readonly ok: true; readonly collaborator: boolean } | { readonly ok: false; readonly reason: string };

/** A payload's login may be any text. */
function collaboratorOf(repository: Repository, login: string): { owner: string; repo: string; username: string } {
  return { owner: repository.owner, repo: repository.repo, username: wellFormed(login) };
}

function reasonOf(error: unknown, repository: Repository, login: string, apiOrigin: string): string {
  const where = `${repository.owner}/${repository.repo}`;
  const fix = "the default ${{ github.token }} can, a fine-grained token needs the 'Metadata: read' repository permission";
  return adviseOnGitHubFailure(error, {
    fix,
    httpStatus: true,
    apiOrigin,
    wording: {
      forbidden: ({ status, detail }) => `the token may not read the permissions of ${where} (${status}: ${detail}); ${fix}`,
      'not-found': () =>
        `GitHub answered 404: the token cannot see ${where}, or @${login} is not a user account ` +
        "(an app that acts under a login without '[bot]': list it in 'allowed-bots')",
    },
  }).text;
}

export async function lookUpPermission(github: UsableRepository, login: string): Promise<PermissionLookup> {
  const { client, repository } = github;
  let json: unknown;
  try {
    json = (await (await client.rest()).repos.getCollaboratorPermissionLevel(collaboratorOf(repository, login))).data;
  } catch (error) {
    return { ok: false, reason: reasonOf(error, repository, login, client.apiOrigin) };
  }
  const permission = grantedPermission(json);
  if (permission === undefined) {
    return {
      ok: false,
      reason: "GitHub's answer has no 'role_name', 'permission' or 'user.permissions' that names a role; check GITHUB_API_URL",
    };
  }
  return { ok: true, permission };
}

/** On a public repository the permission endpoint answers 'read' for anyone: only this tells them apart. */
export async function lookUpCollaborator(github: UsableRepository, login: string): Promise<CollaboratorLookup> {
  const { client, repository } = github;
  try {
    await (await client.rest()).repos.checkCollaborator(collaboratorOf(repository, login));
    return { ok: true, collaborator: true };
  } catch (error) {
    if (error instanceof GitHubError && error.kind === 'status' && error.status === 404) return { ok: true, collaborator: false };
    if (error instanceof GitHubError && error.kind === 'status' && error.status === 403 && !error.rateLimited) {
      const where = `${repository.owner}/${repository.repo}`;
      return {
        ok: false,
        reason:
          `GitHub refused to say whether @${login} is a collaborator of ${where} (HTTP 403: ${error.detail}). ` +
          "GitHub answers that only to a token with push access to the repository, and 'trigger-permission: read' needs it: " +
          "on a public repository every user's permission reads as 'read', collaborator or not. " +
          'Give the job a token with push access (for the workflow token, `permissions: contents: write`), ' +
          "or raise 'trigger-permission' to 'triage' or higher, which the permission alone can check",
      };
    }
    return { ok: false, reason: reasonOf(error, repository, login, client.apiOrigin) };
  }
}
