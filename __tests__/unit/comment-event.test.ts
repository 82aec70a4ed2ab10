import { describe, expect, test } from '@jest/globals';
import { commentTargetOf } from '../../src/comment/event.js';

describe('which issue or pull request a run reports on', () => {
  test('issues events name the issue', () => {
    expect(commentTargetOf('issues', { action: 'labeled', issue: { number: 7, title: 't' }, label: { name: 'docs-agent' } })).toEqual({
      number: 7,
      kind: 'issue',
    });
  });

  test('issue_comment on an issue and on a pull request', () => {
    expect(
      commentTargetOf('issue_comment', { action: 'created', issue: { number: 8 }, comment: { id: 1, body: '/docs-agent more' } }),
    ).toEqual({ number: 8, kind: 'issue' });
    expect(
      commentTargetOf('issue_comment', { issue: { number: 9, pull_request: { url: 'https://api.github.com/repos/a/b/pulls/9' } } }),
    ).toEqual({ number: 9, kind: 'pull-request' });
  });

  test('pull_request and pull_request_target name the pull request', () => {
    expect(commentTargetOf('pull_request', { action: 'opened', number: 12, pull_request: { number: 12 } })).toEqual({
      number: 12,
      kind: 'pull-request',
    });
    expect(commentTargetOf('pull_request_target', { number: 13, pull_request: {} })).toEqual({ number: 13, kind: 'pull-request' });
  });

  test.each([
    ['workflow_dispatch', { inputs: {} }],
    ['schedule', { schedule: '0 3 * * *' }],
    ['release', { action: 'published', release: { tag_name: 'v1' } }],
    ['push', { issue: { number: 1 } }],
    [undefined, { issue: { number: 1 } }],
  ])('%s is not an issue event', (eventName, payload) => {
    expect(commentTargetOf(eventName, payload)).toBeUndefined();
  });

  test.each([
    ['no issue', {}],
    ['number as text', { issue: { number: '7' } }],
    ['zero', { issue: { number: 0 } }],
    ['fraction', { issue: { number: 1.5 } }],
    ['issue is an array', { issue: [7] }],
  ])('a malformed issues payload (%s) gives no target', (_name, payload) => {
    expect(commentTargetOf('issues', payload)).toBeUndefined();
  });

  test('payload that is not an object', () => {
    expect(commentTargetOf('issues', null)).toBeUndefined();
    expect(commentTargetOf('pull_request', 'x')).toBeUndefined();
  });
});
