/**
 * What changed, as the readers found it (from GitHub, or from the event payload when GitHub could
 * not answer), ready for the skip rules and the section. Every string is as GitHub gave it:
 * untrusted, quoted only where it is written into the prompt.
 */

export type FileStatus = 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';

export interface ChangedFile {
  readonly path: string;
  /** The path before a rename (or copy). */
  readonly previousPath?: string;
  readonly status: FileStatus;
  /** Lines added and deleted; undefined when only the file's name is known (the event payload). */
  readonly additions?: number;
  readonly deletions?: number;
}

export interface ChangeCommit {
  /** The full SHA (40 hex digits). */
  readonly sha: string;
  /** The message's first line. */
  readonly title: string;
  /** The author's GitHub login, when GitHub knows the account. */
  readonly author?: string;
}

export interface ChangePull {
  readonly number: number;
  readonly title: string;
  readonly labels: readonly string[];
}

export interface ChangeFiles {
  /**
   * The files known: with line counts as GitHub lists them, and for a push also by name alone from
   * the event past GitHub's cap of a comparison.
   */
  readonly files: readonly ChangedFile[];
  /** How many files changed, as far as GitHub says: at least `files.length`. */
  readonly total: number;
  /** False when GitHub listed only some of them (its caps), so `total` is a lower bound. */
  readonly complete: boolean;
}

/** `Subject`: what the change is about, the event's own facts, as its trigger kind reads and describes them. */
export interface Change<Subject = unknown> {
  readonly subject: Subject;
  /** Newest first; at most what the section may list. */
  readonly commits: readonly ChangeCommit[];
  /** Commits in the change, as GitHub counts them. */
  readonly totalCommits: number;
  /** False when GitHub listed only some of them, so `totalCommits` is a lower bound. */
  readonly commitsComplete: boolean;
  /** The pull requests the commits came from (push, release, digest), found for `pullsFor` commits. */
  readonly pulls: readonly ChangePull[];
  /** How many of the newest commits had their pull requests looked up. */
  readonly pullsFor: number;
  /** Undefined when the changed files could not be known at all. */
  readonly files?: ChangeFiles;
  /** Facts about how the change was read, for the section ("from the event payload: …"). */
  readonly notes: readonly string[];
}

/** How many commits the section lists, and how many files before it rolls the rest up by folder. */
export const MAX_LISTED_COMMITS = 50;
export const MAX_LISTED_FILES = 300;
/** A push's commit → pull request look-ups: the newest commits' (GitHub allows one commit per call). */
export const MAX_PULL_LOOKUPS = 10;
/** GitHub's own caps: files in a comparison, files of a pull request, commits of a pull request. */
export const COMPARE_FILES_CAP = 300;
export const PULL_FILES_CAP = 3000;
export const PULL_COMMITS_CAP = 250;

/**
 * GitHub's answers with a change's files carry each file's patch, which the section never reads: a
 * comparison of 300 files with large diffs passes the network policy's 4 MiB cap, so those reads
 * allow this much (the answer is held once, parsed, and dropped).
 */
export const FILES_ANSWER_BYTES = 32 * 1024 * 1024;
