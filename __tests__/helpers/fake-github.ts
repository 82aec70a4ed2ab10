/**
 * The fake GitHub API for end-to-end tests: emulator/github/ (dependency-free JavaScript, so the demo
 * can serve it too). Re-exported here with its types, where the tests have always found it, with
 * the repository model behind the change endpoints and the event payloads made from it, the
 * workflow runs and commit statuses it serves, the token permissions it enforces, and a second
 * repository only its own token reaches (the docs repository of a two-repository layout).
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
export type { FakeJob, FakeWorkflowRun, JobSpec, RunConclusion, RunStatus, WorkflowRunSpec } from '../../emulator/github/actions.js';
export type { FakeStatus, StatusInput, StatusState } from '../../emulator/github/statuses.js';
export type { TokenPermissions, TokenScope } from '../../emulator/github/token.js';
export type { SecondRepository, SecondRepositoryOptions } from '../../emulator/github/second-repository.js';
export { addCommit, addPull, addRelease, addTag } from '../../emulator/github/repository.js';
export type { CommitSpec, FakeFile, FakePull, FakeRelease, RepositoryModel } from '../../emulator/github/repository.js';
export { pullRequestEvent, pushEvent, releaseEvent, ZERO_SHA } from '../../emulator/github/events.js';
