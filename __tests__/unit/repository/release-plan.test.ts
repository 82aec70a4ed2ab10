/**
 * scripts/ci/release.js: which tags release, and when the major tag moves.
 */
import { describe, expect, test } from '@jest/globals';
import { parseTag, planRelease } from '../../../scripts/ci/release.js';

const TAGS = ['v1', 'v1.0.0', 'v1.1.0', 'v1.2.0-rc.1', 'v2.0.0-beta.1', 'latest'];

describe('parseTag', () => {
  test.each([
    ['v1.2.3', { major: 1, minor: 2, patch: 3, prerelease: undefined }],
    ['v0.10.0', { major: 0, minor: 10, patch: 0, prerelease: undefined }],
    ['v2.0.0-rc.1', { major: 2, minor: 0, patch: 0, prerelease: 'rc.1' }],
  ])('%s', (tag, version) => {
    expect(parseTag(tag)).toEqual(version);
  });

  test.each(['1.2.3', 'v1', 'v1.2', 'v01.2.3', 'v1.2.3.4', 'v1.2.3-', 'v1.2.3+build', 'release-1.2.3', ' v1.2.3'])(
    '%s is not a release tag',
    (tag) => {
      expect(parseTag(tag)).toBeUndefined();
    },
  );
});

describe('planRelease', () => {
  test('the newest release of a major moves the major tag', () => {
    expect(planRelease({ tag: 'v1.2.0', packageVersion: '1.2.0', tags: [...TAGS, 'v1.2.0'] })).toEqual({
      major: 'v1',
      move: true,
      reason: 'v1 moves to v1.2.0.',
    });
  });

  test('the first release of a new major creates that major tag', () => {
    expect(planRelease({ tag: 'v2.0.0', packageVersion: '2.0.0', tags: [...TAGS, 'v2.0.0'] })).toMatchObject({ major: 'v2', move: true });
  });

  test('a pre-release leaves the major tag alone', () => {
    expect(planRelease({ tag: 'v1.3.0-rc.1', packageVersion: '1.3.0-rc.1', tags: TAGS })).toEqual({
      major: 'v1',
      move: false,
      reason: 'v1.3.0-rc.1 is a pre-release, so v1 stays where it is.',
    });
  });

  test('a fix for an older minor, released after a newer one, leaves the major tag on the newer', () => {
    expect(planRelease({ tag: 'v1.0.1', packageVersion: '1.0.1', tags: [...TAGS, 'v1.0.1'] })).toEqual({
      major: 'v1',
      move: false,
      reason: 'v1.1.0 is newer than v1.0.1, so v1 stays where it is.',
    });
  });

  test("another major's releases and pre-releases do not hold it back", () => {
    const tags = ['v1.1.0', 'v1.2.0-rc.2', 'v0.9.9', 'v2.0.0'];
    expect(planRelease({ tag: 'v1.1.1', packageVersion: '1.1.1', tags }).move).toBe(true);
  });

  test('a tag that is not vX.Y.Z fails with the accepted form', () => {
    expect(() => planRelease({ tag: 'v1.2', packageVersion: '1.2.0', tags: TAGS })).toThrow(
      "'v1.2' is not a release tag: use vMAJOR.MINOR.PATCH, such as v1.2.3 (or v1.2.3-rc.1 for a pre-release).",
    );
  });

  test("a tag that is not package.json's version fails and says how to fix it", () => {
    expect(() => planRelease({ tag: 'v1.3.0', packageVersion: '1.2.0', tags: TAGS })).toThrow(
      "The tag v1.3.0 does not match package.json's version 1.2.0: set the version (npm version 1.3.0 --no-git-tag-version), commit, and tag that commit.",
    );
  });
});
