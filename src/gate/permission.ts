/**
 * Repository permission levels, lowest first, and how GitHub's answer to
 * `GET /repos/{owner}/{repo}/collaborators/{username}/permission` maps onto them.
 *
 * The answer has `role_name` (the role itself: one of the five base roles, a custom role's name, or
 * '' for someone who is not a collaborator), `permission` (the legacy base roles: maintain reads as
 * write and triage as read) and `user.permissions` (one flag per base role). A base `role_name` is
 * exact. A custom role counts as the highest base role its flags show; without flags, as the legacy
 * `permission`, which can only under-rate it (triage → read), never over-rate it.
 */
import { isRecord } from '../is-record.js';

export const PERMISSION_LEVELS = ['none', 'read', 'triage', 'write', 'maintain', 'admin'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

export function isPermissionLevel(value: string): value is PermissionLevel {
  return PERMISSION_LEVELS.some((level) => level === value);
}

export function isAtLeast(level: PermissionLevel, minimum: PermissionLevel): boolean {
  return PERMISSION_LEVELS.indexOf(level) >= PERMISSION_LEVELS.indexOf(minimum);
}

/** `user.permissions` flags, highest first, and the level each one means. */
const FLAGS: readonly (readonly [string, PermissionLevel])[] = [
  ['admin', 'admin'],
  ['maintain', 'maintain'],
  ['push', 'write'],
  ['triage', 'triage'],
  ['pull', 'read'],
];

function levelOfFlags(user: unknown): PermissionLevel | undefined {
  const flags = isRecord(user) ? user['permissions'] : undefined;
  if (!isRecord(flags)) return undefined;
  if (!FLAGS.every(([flag]) => flags[flag] === undefined || typeof flags[flag] === 'boolean')) return undefined;
  return FLAGS.find(([flag]) => flags[flag] === true)?.[1] ?? 'none';
}

function levelOfLegacy(permission: unknown): PermissionLevel | undefined {
  return permission === 'admin' || permission === 'write' || permission === 'read' || permission === 'none' ? permission : undefined;
}

export interface GrantedPermission {
  readonly level: PermissionLevel;
  /** As GitHub names it: a base role, a custom role, or 'none'. */
  readonly role: string;
}

/** The permission an answer grants, or undefined when the answer is not GitHub's documented shape. */
export function grantedPermission(answer: unknown): GrantedPermission | undefined {
  if (!isRecord(answer)) return undefined;
  const roleName = answer['role_name'];
  const role = typeof roleName === 'string' ? roleName.trim().toLowerCase() : '';
  if (isPermissionLevel(role)) return { level: role, role };
  const level = levelOfFlags(answer['user']) ?? levelOfLegacy(answer['permission']);
  if (level === undefined) return undefined;
  return { level, role: typeof roleName === 'string' && roleName.trim() !== '' ? roleName.trim() : level };
}
