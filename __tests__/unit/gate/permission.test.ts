/**
 * The pure parts of the trigger gate: which events are checked and who sent them, and how GitHub's
 * permission answer maps onto the six levels.
 */
import { describe, expect, test } from '@jest/globals';
import { grantedPermission, isAtLeast, PERMISSION_LEVELS } from '../../../src/gate/permission.js';
import { runEventOf } from '../../../src/event/run-event.js';
import { botName, isChecked } from '../../../src/gate/trigger.js';

const flags = (highest: number) =>
  Object.fromEntries(['pull', 'triage', 'push', 'maintain', 'admin'].map((flag, index) => [flag, index <= highest]));

describe('grantedPermission', () => {
  test.each([
    ['admin', 'admin', 'admin'],
    ['maintain', 'write', 'maintain'],
    ['write', 'write', 'write'],
    ['triage', 'read', 'triage'],
    ['read', 'read', 'read'],
  ])('role_name %s (legacy permission %s) is the level %s', (role, legacy, level) => {
    expect(grantedPermission({ permission: legacy, role_name: role, user: { login: 'a' } })).toEqual({ level, role });
  });

  test('someone who is not a collaborator: role_name empty, permission none', () => {
    expect(grantedPermission({ permission: 'none', role_name: '', user: { login: 'octocat', permissions: flags(-1) } })).toEqual({
      level: 'none',
      role: 'none',
    });
  });

  test('a custom role counts as the highest base role its flags show', () => {
    expect(grantedPermission({ permission: 'read', role_name: 'Docs editor', user: { permissions: flags(1) } })).toEqual({
      level: 'triage',
      role: 'Docs editor',
    });
    expect(grantedPermission({ permission: 'write', role_name: 'Release manager', user: { permissions: flags(3) } })).toEqual({
      level: 'maintain',
      role: 'Release manager',
    });
  });

  test('a custom role without flags falls back to the legacy permission, which can only under-rate it', () => {
    expect(grantedPermission({ permission: 'read', role_name: 'Docs editor', user: { login: 'a' } })).toEqual({
      level: 'read',
      role: 'Docs editor',
    });
  });

  test.each([
    ['not an object', 'write'],
    ['no field that names a role', { user: { login: 'a' } }],
    ['an unknown legacy permission', { permission: 'owner', role_name: 'Owner' }],
    ['flags that are not booleans', { role_name: 'x', user: { permissions: { admin: 'yes' } } }],
  ])('%s: undefined, so the gate refuses', (_name, answer) => {
    expect(grantedPermission(answer)).toBeUndefined();
  });
});

test('levels are ordered none < read < triage < write < maintain < admin', () => {
  expect(PERMISSION_LEVELS).toEqual(['none', 'read', 'triage', 'write', 'maintain', 'admin']);
  expect(isAtLeast('triage', 'triage')).toBe(true);
  expect(isAtLeast('maintain', 'write')).toBe(true);
  expect(isAtLeast('read', 'triage')).toBe(false);
  expect(isAtLeast('none', 'read')).toBe(false);
  expect(isAtLeast('none', 'none')).toBe(true);
});

describe('which events are checked, and who sent them', () => {
  const payload = { sender: { login: 'alice', type: 'User' } };
  /** The sender as the run's event reads it from the payload. */
  const senderOf = (event: unknown) => runEventOf({ GITHUB_EVENT_NAME: 'issue_comment' }, event).sender;

  test.each([
    'issues',
    'issue_comment',
    'pull_request',
    'pull_request_target',
    'pull_request_review',
    'pull_request_review_comment',
    'discussion',
    'discussion_comment',
    'workflow_run',
    'watch',
  ])('%s is checked', (event) => {
    expect(isChecked(event)).toBe(true);
  });

  test.each(['push', 'release', 'workflow_dispatch', 'schedule', 'repository_dispatch', 'merge_group', 'create', 'delete', ''])(
    '%p is not checked',
    (event) => {
      expect(isChecked(event)).toBe(false);
    },
  );

  test('a user', () => {
    expect(senderOf(payload)).toEqual({ login: 'alice', isBot: false });
    expect(senderOf({ sender: { login: 'alice_acme', type: 'User' } })).toEqual({ login: 'alice_acme', isBot: false });
  });

  test('bots: type Bot, or a login ending in [bot]', () => {
    expect(senderOf({ sender: { login: 'dependabot[bot]', type: 'Bot' } })).toEqual({ login: 'dependabot[bot]', isBot: true });
    expect(senderOf({ sender: { login: 'Copilot', type: 'Bot' } })).toEqual({ login: 'Copilot', isBot: true });
    expect(senderOf({ sender: { login: 'my-app[bot]', type: 'User' } })).toEqual({ login: 'my-app[bot]', isBot: true });
  });

  test.each([
    ['no payload', undefined],
    ['no sender', { action: 'opened' }],
    ['a login that is not a string', { sender: { login: 7 } }],
    ['a login that is not a GitHub login', { sender: { login: '../../admin' } }],
    ['an empty login', { sender: { login: '' } }],
  ])('%s: no sender, so the gate refuses', (_name, event) => {
    expect(senderOf(event)).toBeUndefined();
  });

  test('botName compares logins without case or [bot]', () => {
    expect(botName('Dependabot[bot]')).toBe('dependabot');
    expect(botName('renovate')).toBe('renovate');
  });
});
