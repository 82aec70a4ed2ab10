/** What ties each document to a change (src/docs-check/evidence.ts). */
import { describe, expect, test } from '@jest/globals';
import { buildIndex } from '../../../src/docs-check/docs-index.js';
import { gatherEvidence, pullKind, queryOf } from '../../../src/docs-check/evidence.js';
import { changed, page, site } from './fixtures.js';

const WEIGHTS = { title: 1, body: 1, paths: 1, names: 1, lines: 1, context: 1 };
const change = { title: '', body: '', paths: [], names: [], lines: '', context: '' };

describe('gatherEvidence', () => {
  test('the documents a changed name reaches are the candidates, with how many documents each tie reaches', () => {
    const index = buildIndex(
      site(page('guides/memory', 'Call `add_memory`.'), page('api/memory', 'add_memory(user_id)'), page('faq', 'Nothing here.')),
    );
    const evidence = gatherEvidence(index, { ...change, names: [changed('add_memory')] }, WEIGHTS);
    expect(
      evidence.candidates.map((candidate) => [candidate.doc, candidate.ties.map((tie) => [tie.name.name, tie.inCode, tie.documents])]),
    ).toEqual([
      [0, [['add_memory', true, 2]]],
      [1, [['add_memory', false, 2]]],
    ]);
    expect(evidence.reach.get('function add_memory')).toBe(2);
    expect(evidence.names).toEqual(['guides/memory', 'api/memory', 'faq']);
  });

  test('a new variable no page mentions reaches the pages of its prefix siblings; a broad prefix none', () => {
    const broad = Array.from({ length: 9 }, (_, i) => `APP_SETTING_${i}`).join(' ');
    const index = buildIndex(
      site(page('deploy/redis', 'Set REDIS_HOST and REDIS_PORT.'), page('deploy/app', broad), page('other', 'REDIS is a word.')),
    );
    const redis = gatherEvidence(index, { ...change, names: [changed('REDIS_DB', { kind: 'env-var', status: 'added' })] }, WEIGHTS);
    expect(redis.candidates.map((candidate) => [candidate.doc, candidate.ties.map((tie) => [tie.via, tie.documents])])).toEqual([
      [0, [['REDIS_HOST', 1]]],
    ]);
    const app = gatherEvidence(index, { ...change, names: [changed('APP_NEW_ONE', { kind: 'env-var', status: 'added' })] }, WEIGHTS);
    expect(app.candidates).toEqual([]);
  });

  test('a new flag reaches the pages of its neighbours in the change', () => {
    const index = buildIndex(site(page('cli/serve', 'Use `--host` and `--port`.'), page('cli/other', 'Nothing.')));
    const flag = changed('--tls-cert', { kind: 'cli-flag', status: 'added', neighbors: ['--host', '--port'] });
    const evidence = gatherEvidence(index, { ...change, names: [flag] }, WEIGHTS);
    expect(evidence.candidates.map((candidate) => [candidate.doc, candidate.ties.map((tie) => tie.via)])).toEqual([[0, ['--host']]]);
  });

  test("the path score: the rarity of the words a document's name shares with the changed paths, and with the title", () => {
    const index = buildIndex(
      site(
        page('integrations/slack', '`send_message`'),
        page('integrations/jira', '`send_message`'),
        page('guides/send', '`send_message`'),
      ),
    );
    const evidence = gatherEvidence(
      index,
      {
        ...change,
        title: 'Slack: retry sends',
        paths: ['keep/providers/slack_provider/slack_provider.py'],
        names: [changed('send_message')],
      },
      WEIGHTS,
    );
    const byDoc = new Map(evidence.candidates.map((candidate) => [candidate.doc, candidate]));
    // slack is in one of three names: ln(1 + 3/1), over ln(1 + 3).
    expect(byDoc.get(0)?.path).toBeCloseTo(1, 10);
    expect(byDoc.get(0)?.title).toBeCloseTo(1, 10);
    expect(byDoc.get(1)?.path).toBe(0);
    expect(byDoc.get(2)?.path).toBe(0);
  });

  test('relative BM25 against the best document, and how far the changed lines and paths lift each page', () => {
    const index = buildIndex(
      site(
        page('a', 'retry the upload `send_message` upload'),
        page('b', 'nothing about it `send_message`'),
        page('c', 'unrelated'),
        page('d', 'other'),
      ),
    );
    const evidence = gatherEvidence(
      index,
      { ...change, title: 'upload', names: [changed('send_message')], lines: 'retry upload' },
      WEIGHTS,
    );
    const a = evidence.candidates.find((candidate) => candidate.doc === 0);
    const b = evidence.candidates.find((candidate) => candidate.doc === 1);
    expect(a?.relative).toBe(1);
    expect(b?.relative).toBeGreaterThan(0);
    expect(b?.relative).toBeLessThan(1);
    // For the lines alone only page a scores: lifted by (s - s/4) / sqrt(3/16 s²) = sqrt(3) standard deviations.
    expect(a?.linesLift).toBeCloseTo(Math.sqrt(3), 10);
    expect(b?.linesLift).toBeCloseTo(-1 / Math.sqrt(3), 10);
  });
});

describe('queryOf', () => {
  test('the words of the title, description, paths and names, each with its weight', () => {
    const query = queryOf(
      {
        title: 'Retry uploads',
        body: 'uploads',
        paths: ['src/upload_worker.py'],
        names: [changed('GET /v1/uploads', { kind: 'http-route' })],
        lines: 'queue.retry(upload)',
        context: 'def send_upload():',
      },
      { title: 2, body: 0.5, paths: 1, names: 1, lines: 0.25, context: 0.1 },
    );
    expect(Object.fromEntries(query)).toEqual({
      retry: 2 + 0.25,
      upload: 2 + 0.5 + 1 + 1 + 0.25 + 0.1,
      worker: 1,
      queue: 0.25,
      send: 0.1,
      send_upload: 0.1,
    });
  });
});

describe('pullKind', () => {
  test.each([
    ['feat(api): add exports', 'feature'],
    ['Feature: webhooks', 'feature'],
    ['Add S3 Vectors provider', 'feature'],
    ['Support pgvector connection strings', 'feature'],
    ['fix(auth)!: refresh tokens', 'fix'],
    ['hotfix: crash on start', 'fix'],
    ['Fixed: money entry with commas', 'fix'],
    ['chore: add a lint rule', 'other'],
    ['refactor(core): split module', 'other'],
    ['launch: claude app', 'other'],
  ])('%s is %s', (title, kind) => {
    expect(pullKind(title)).toBe(kind);
  });
});
