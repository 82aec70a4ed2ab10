/** Only a 53-bit hash of each path is kept, so the set stays small on very large sites; a collision is ~1 in 10^4 at a million paths. */

/** cyrb53 (public domain): a fast 53-bit string hash with good spread. */
export function pathHash(path: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export class SeenPaths {
  private readonly hashes = new Set<number>();

  /** True the first time a path is offered, false for a repeat. */
  add(path: string): boolean {
    const hash = pathHash(path);
    if (this.hashes.has(hash)) return false;
    this.hashes.add(hash);
    return true;
  }

  get size(): number {
    return this.hashes.size;
  }
}
