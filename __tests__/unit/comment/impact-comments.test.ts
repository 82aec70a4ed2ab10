/**
 * impact-comment (src/comment/impact-comments.ts): the verdict recorded under the marker and read
 * back only from the token's own comment; each pull request's comments listed once a run, by the
 * lookup that reads the record and the write that follows.
 */
import { describe, expect, test } from '@jest/globals';
import { mockCore } from '../../helpers/core-mock.js';
import { useMockAgent } from '../../helpers/mock-client.js';
import { scriptedGitHub, type GitHubCall, usable } from '../../helpers/scripted-github.js';
import { BOT, threadGitHub, type ThreadComment } from '../../helpers/thread-github.js';
import { counts, impactProgress, pullImpact } from '../impact/fixtures.js';

mockCore();
const { ImpactComments, impactMarker, recordedVerdictOf, verdictRecord } = await import('../../../src/comment/impact-comments.js');
const { runEventOf } = await import('../../../src/event/run-event.js');

const agent = useMockAgent();
const event = runEventOf(
  { GITHUB_EVENT_NAME: 'schedule', GITHUB_REPOSITORY: 'acme/docs', GITHUB_SERVER_URL: 'https://github.com', GITHUB_RUN_ID: '5' },
  {},
);

describe('the recorded verdict', () => {
  test('written under the marker, read back; a comment without it (an earlier version) records nothing', () => {
    const marker = impactMarker('proj', 12);
    for (const verdict of ['improved', 'worse', 'no clear change', 'too little data'] as const) {
      expect(recordedVerdictOf(`${marker}\n${verdictRecord({ verdict, look: 3 })}\n### …`)).toEqual({ verdict, look: 3 });
    }
    expect(verdictRecord({ verdict: 'no clear change', look: 4 })).toBe(
      '<!-- mintlify-docs-agent impact-verdict=no-clear-change look=4 -->',
    );
    expect(recordedVerdictOf(`${marker}\n### Did the docs changes help? Verdict: 🟢 improved`)).toBeUndefined();
    expect(recordedVerdictOf(`${marker}\n<!-- mintlify-docs-agent impact-verdict=measuring look=1 -->`)).toBeUndefined();
    expect(recordedVerdictOf(`${marker}\nx <!-- mintlify-docs-agent impact-verdict=improved look=1 -->`)).toBeUndefined();
  });
});

/** GitHub with these comments on pull requests 12 and 13, answering creates and updates. */
async function github(threads: Record<number, ThreadComment[]>) {
  const read = threadGitHub({ threads });
  const scripted = await scriptedGitHub(agent(), (call: GitHubCall) => {
    const path = new URL(call.url).pathname;
    if (call.method === 'POST' && path.endsWith('/comments')) {
      const number = Number(/issues\/(\d+)\/comments/.exec(path)?.[1]);
      const body = (JSON.parse(call.body) as { body: string }).body;
      return {
        status: 201,
        json: { id: 900 + number, body, html_url: `https://github.com/acme/docs/pull/${number}#c`, user: { login: BOT } },
      };
    }
    if (call.method === 'PATCH') {
      const body = (JSON.parse(call.body) as { body: string }).body;
      return { status: 200, json: { id: 1, body, html_url: 'https://github.com/acme/docs/pull/12#c', user: { login: BOT } } };
    }
    return read(call);
  });
  const comments = new ImpactComments({
    projectId: 'proj',
    runUrl: event.runUrl,
    github: usable(scripted.client, { owner: 'acme', repo: 'docs' }),
  });
  return { comments, calls: scripted.calls };
}

const lists = (calls: readonly GitHubCall[], number: number) =>
  calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname.endsWith(`/issues/${number}/comments`));

describe('ImpactComments', () => {
  test('a pull request without a comment: its comments listed once, then the comment created with its verdict recorded', async () => {
    const { comments, calls } = await github({});
    expect(await comments.recorded([12])).toEqual(new Map());
    await comments.post(impactProgress([pullImpact(12, 'improved', counts(40, 100), counts(10, 100))]));
    expect(lists(calls, 12)).toHaveLength(1);
    const created = calls.find((call) => call.method === 'POST');
    expect((JSON.parse(created?.body ?? '{}') as { body: string }).body.split('\n').slice(0, 2)).toEqual([
      impactMarker('proj', 12),
      '<!-- mintlify-docs-agent impact-verdict=improved look=4 -->',
    ]);
  });

  test('the token’s own comment gives its recorded verdict; a stranger’s pasted record gives none', async () => {
    const record = (verdict: 'worse' | 'improved', author: string, id: number): ThreadComment => ({
      id,
      author,
      body: `${impactMarker('proj', 12)}\n${verdictRecord({ verdict, look: 2 })}\n### …`,
    });
    const { comments, calls } = await github({ 12: [record('worse', BOT, 1)], 13: [record('improved', 'mallory', 2)] });
    expect(await comments.recorded([12, 13])).toEqual(new Map([[12, { verdict: 'worse', look: 2 }]]));
    // Posting reuses the lookups: no second list, and one question of who the token is for the run.
    await comments.post(impactProgress([{ ...pullImpact(12, 'worse', counts(10, 100), counts(40, 100)), look: 2 }]));
    expect(lists(calls, 12)).toHaveLength(1);
    expect(calls.filter((call) => call.url.endsWith('/graphql'))).toHaveLength(1);
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });
});
