/**
 * Permission levels, lowest first, from GitHub's answer: a base `role_name` is exact; a custom role
 * counts as the highest base role its `user.permissions` flags show, or as the legacy `permission`,
 * which can only under-rate it (triage reads as read), never over-rate it.
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

/** Highest first. */
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

/** Undefined for an answer that is not the documented shape. */
export function grantedPermission(answer: unknown): GrantedPermission | undefined {
  if (!isRecord(answer)) return undefined;
  const roleName = answer['role_name'];
  const role = typeof roleName === 'string' ? roleName.trim().toLowerCase() : '';
  if (isPermissionLevel(role)) return { level: role, role };
  const level = levelOfFlags(answer['user']) ?? levelOfLegacy(answer['permission']);
  if (level === undefined) return undefined;
  return { level, role: typeof roleName === 'string' && roleName.trim() !== '' ? roleName.trim() : level };
}
