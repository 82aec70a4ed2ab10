/** What changed, as a reader found it. Every string is as GitHub gave it: untrusted, quoted only in the prompt. */

export type FileStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';

export interface ChangedFile {
  readonly path: string;
  readonly previousPath?: string;
  readonly status: FileStatus;
  /** Undefined when only the file's name is known (the event payload). */
  readonly additions?: number;
  readonly deletions?: number;
}

export interface ChangeCommit {
  readonly sha: string;
  readonly title: string;
  /** A GitHub login, when GitHub knows the account. */
  readonly author?: string;
}

export interface ChangePull {
  readonly number: number;
  readonly title: string;
  readonly labels: readonly string[];
}

export interface ChangeFiles {
  /** For a push, past GitHub's cap of a comparison, also by name alone from the event. */
  readonly files: readonly ChangedFile[];
  /** At least `files.length`. */
  readonly total: number;
  /** False: GitHub listed only some (its caps), so `total` is a lower bound. */
  readonly complete: boolean;
}

/** `Subject`: the event's own facts, as its trigger kind reads and describes them. */
export interface Change<Subject = unknown> {
  readonly subject: Subject;
  /** Newest first; at most what the section may list. */
  readonly commits: readonly ChangeCommit[];
  readonly totalCommits: number;
  /** False: `totalCommits` is a lower bound. */
  readonly commitsComplete: boolean;
  /** The pull requests the newest `pullsFor` commits came from. */
  readonly pulls: readonly ChangePull[];
  readonly pullsFor: number;
  readonly files?: ChangeFiles;
  /** How the change was read, for the section. */
  readonly notes: readonly string[];
}

export const MAX_LISTED_COMMITS = 50;
export const MAX_LISTED_FILES = 300;
/** GitHub looks up one commit's pull requests per call. */
export const MAX_PULL_LOOKUPS = 10;
/** GitHub's own caps: files in a comparison, files of a pull request, commits of a pull request. */
export const COMPARE_FILES_CAP = 300;
export const PULL_FILES_CAP = 3000;
export const PULL_COMMITS_CAP = 250;

/**
 * A change's files come with their patches, which the section never reads: 300 files with large diffs
 * pass the network policy's 4 MiB cap, so those reads allow this much (held once, parsed, dropped).
 */
export const FILES_ANSWER_BYTES = 32 * 1024 * 1024;
