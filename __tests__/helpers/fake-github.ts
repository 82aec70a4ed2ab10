/**
 * The fake GitHub API for end-to-end tests: emulator/github/ (dependency-free JavaScript, so the demo
 * can serve it too). Re-exported here with its types, where the tests have always found it.
 */
export { bodyField, startFakeGitHub } from '../../emulator/github/server.js';
export type {
  FailRule,
  FakeComment,
  FakeGitHub,
  FakeGitHubOptions,
  FakeReaction,
  FakeReviewComment,
  FakeRole,
  PermissionAnswer,
  RecordedRequest,
} from '../../emulator/github/server.js';
