/**
 * A pushed tag is compared with the previous release, else (tags without releases) the highest
 * version tag below it: GitHub does not list tags by date, so versions decide.
 */
import type { ReleaseEvent } from '../event/change.js';
import { tagNameOf } from './guards.js';
import { findPrevious } from './read-release.js';
import { itemsOf, repoOf, type ReadContext } from './github-reads.js';

interface Version {
  readonly numbers: readonly number[];
  /** The part after `-`: a pre-release, ordered before the release of the same numbers. */
  readonly pre?: string;
}

export function versionOf(tag: string): Version | undefined {
  const match = /^v?(\d{1,9}(?:\.\d{1,9}){0,3})(?:-([0-9A-Za-z.-]{1,100}))?$/.exec(tag);
  if (match === null) return undefined;
  const [, numbers = '', pre] = match;
  return { numbers: numbers.split('.').map(Number), ...(pre !== undefined && { pre }) };
}

/** Negative when `a` is the earlier version. */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < Math.max(a.numbers.length, b.numbers.length); i++) {
    const difference = (a.numbers[i] ?? 0) - (b.numbers[i] ?? 0);
    if (difference !== 0) return difference;
  }
  if (a.pre === b.pre) return 0;
  if (a.pre === undefined) return 1;
  if (b.pre === undefined) return -1;
  return a.pre.localeCompare(b.pre, 'en', { numeric: true });
}

/** The highest version below `tag` among `names`: not a pre-release unless `tag` is one. */
export function previousVersionTag(tag: string, names: readonly string[]): string | undefined {
  const current = versionOf(tag);
  if (current === undefined) return undefined;
  let best: { readonly name: string; readonly version: Version } | undefined;
  for (const name of names) {
    const version = versionOf(name);
    if (version === undefined || name === tag || compareVersions(version, current) >= 0) continue;
    if (version.pre !== undefined && current.pre === undefined) continue;
    if (best === undefined || compareVersions(version, best.version) > 0) best = { name, version };
  }
  return best?.name;
}

/** The previous release's tag, else the previous version tag; undefined when there is neither. */
export async function findPreviousTag(context: ReadContext, tag: string): Promise<string | undefined> {
  const release: ReleaseEvent = {
    kind: 'release',
    action: 'published',
    tag,
    name: '',
    body: '',
    prerelease: versionOf(tag)?.pre !== undefined,
  };
  const previous = await findPrevious(context, release);
  if (previous !== undefined) return previous.tag;
  const page = itemsOf(context, await (await context.client.rest()).repos.listTags({ ...repoOf(context), per_page: 100 }));
  return previousVersionTag(
    tag,
    page.flatMap((item) => tagNameOf(item) ?? []),
  );
}
