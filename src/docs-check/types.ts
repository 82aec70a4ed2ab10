/**
 * The before-merge docs check's vocabulary: a pull request's changed files, the docs site it is
 * checked against, the names the change touches and what the check names. No `@actions/*` import and
 * no network: the caller reads GitHub and the docs folder and hands the data in.
 */

/** A file of the pull request, as GitHub's files list gives it. */
export interface ChangedFile {
  readonly path: string;
  readonly previousPath?: string;
  /** `added`, `removed`, `modified`, `renamed`, `copied`, `changed` or `unchanged`. */
  readonly status: string;
  /** The unified diff of the file; undefined when GitHub left it out (binary, or too large). */
  readonly patch?: string;
}

export interface PullRequestChange {
  readonly title: string;
  readonly body: string;
  readonly files: readonly ChangedFile[];
}

/** A file of the docs folder, by its path under the folder (`/` separators). */
export interface DocsFile {
  readonly path: string;
  readonly text: string;
}

/** A file the folder reader left out, and why. */
export interface SkippedFile {
  readonly path: string;
  readonly reason: 'over 1 MiB' | 'over 16 MiB' | 'link out of the folder' | 'not readable';
}

export type ConfigName = 'docs.json' | 'mint.json';

/** What the folder reader found: the Mintlify configuration and the files the check reads. */
export interface DocsFolder {
  readonly config: { readonly name: ConfigName; readonly text: string };
  /** Pages, snippets and OpenAPI files. */
  readonly files: readonly DocsFile[];
  readonly skipped: readonly SkippedFile[];
}

/** An HTTP operation: the method in capitals (or `ANY`), the path as written (`/users/{id}`). */
export interface Route {
  readonly method: string;
  readonly path: string;
}

/**
 * One document of the site: a page, a snippet (included by pages), or an API reference page that
 * Mintlify generates from an OpenAPI operation.
 */
export interface DocsDocument {
  /**
   * The path under the docs folder without the extension (`api-reference/users`); for a generated
   * endpoint page, its route (`GET /users`), with the spec's path first when the site has several.
   */
  readonly name: string;
  readonly kind: 'page' | 'snippet' | 'endpoint';
  /** The file it comes from (the spec, for an endpoint page). */
  readonly file: string;
  readonly title: string;
  /** The frontmatter's `description`, or the operation's summary. */
  readonly description: string;
  /** The text a reader sees: the body without frontmatter, or the operation's summary and parameters. */
  readonly text: string;
  /** The body's first line number in `file` (after the frontmatter); 0 for an endpoint page. */
  readonly firstLine: number;
  /** The operations the page documents (`openapi:` frontmatter, or the generated page's own). */
  readonly routes: readonly Route[];
  /** For a snippet: the pages that include it, directly or through other snippets. */
  readonly includedBy: readonly string[];
  /**
   * Made by a tool from the code (it says so, or links its entries to source files, or is an endpoint
   * page): regenerating it is the update, so naming it tells a reviewer nothing.
   */
  readonly generated: boolean;
}

export interface DocsSite {
  readonly documents: readonly DocsDocument[];
}

export type NameKind = 'function' | 'class' | 'constant' | 'field' | 'cli-flag' | 'env-var' | 'http-route' | 'config-key';

/** The kinds a user meets outside the code: a new one that no page mentions is reported as undocumented. */
export const USER_FACING_KINDS: ReadonlySet<NameKind> = new Set(['cli-flag', 'env-var', 'http-route', 'config-key']);

export type NameStatus = 'removed' | 'renamed' | 'changed' | 'added';

/** A name the change touches. */
export interface ChangedName {
  readonly name: string;
  readonly kind: NameKind;
  readonly status: NameStatus;
  /** For `renamed`: the new name. */
  readonly renamedTo?: string;
  /** The changed files it was found in. */
  readonly files: readonly string[];
  /**
   * For a new CLI flag, environment variable, route or configuration key: the names of the same kind
   * beside it in the change's hunks (`--verbose` next to a new `--quiet`), where its docs likely belong.
   */
  readonly neighbors?: readonly string[];
}
