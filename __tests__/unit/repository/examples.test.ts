/**
 * The shipped example workflows parse, use only inputs the action declares, keep untrusted text
 * out of scripts, and match the copies shown in README.md or docs/.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../../src/is-record.js';
import { list, PINNED_REF, readWorkflows, record, usesLines, VERSION_COMMENT, type Yaml } from '../../helpers/workflow-yaml.js';

const ACTION = 'mintlify/docs-agent-action@v1';
const APP_TOKEN = 'actions/create-github-app-token@';
const declaredInputs = Object.keys(record(record(parse(readFileSync('action.yml', 'utf8')), 'action.yml')['inputs'], 'inputs'));
const shipped = readWorkflows('examples');
const files = shipped.map(({ path }) => path.slice('examples/'.length));
const workflows = new Map(shipped.map(({ path, yaml }) => [path.slice('examples/'.length), yaml]));
const texts = new Map(shipped.map(({ path, text }) => [path.slice('examples/'.length), text]));

function workflow(name: string): Yaml {
  const parsed = workflows.get(name);
  if (parsed === undefined) throw new Error(`examples/${name} is missing`);
  return parsed;
}

function jobsOf(name: string): Yaml[] {
  return Object.values(record(workflow(name)['jobs'], `${name} jobs`)).map((job) => record(job, `${name} job`));
}

function stepsOf(name: string): Yaml[] {
  return jobsOf(name).flatMap((job) => list(job['steps'], `${name} steps`).map((step) => record(step, `${name} step`)));
}

/** The `with:` of the step that runs this action (exactly one per example). */
function actionInputs(name: string): Yaml {
  const steps = stepsOf(name).filter((step) => step['uses'] === ACTION);
  expect(steps).toHaveLength(1);
  return record(steps[0]?.['with'], `${name} with`);
}

test('the nine workflows ship', () => {
  expect(files).toEqual([
    'docs-agent-chat.yml',
    'docs-check.yml',
    'docs-daily-digest.yml',
    'docs-health-weekly.yml',
    'docs-on-merged-pr.yml',
    'docs-on-push.yml',
    'issue-label.yml',
    'nightly-analytics.yml',
    'release-notes.yml',
  ]);
});

describe.each(files)('%s', (name) => {
  test('has a name, a trigger, jobs and minimal permissions', () => {
    const parsed = workflow(name);
    expect(typeof parsed['name']).toBe('string');
    expect(isRecord(parsed['on'])).toBe(true);
    const permissions = record(parsed['permissions'], 'permissions');
    expect(permissions['contents']).toBe('read');
    // Nothing beyond reading code, reading pull requests (what a change came from), writing comments and the
    // docs-agent commit status; the conversation alone also writes on pull requests (it reacts and comments
    // there), and only the runs whose change starts at the workflow's last successful run (a push,
    // change-since: last-success) read the workflow's runs.
    const sinceLastSuccess = stepsOf(name).some(
      (step) => step['uses'] === ACTION && isRecord(step['with']) && step['with']['change-since'] === 'last-success',
    );
    const startsAtLastSuccess = 'push' in record(parsed['on'], 'on') || sinceLastSuccess;
    const allowed: Readonly<Record<string, string>> = {
      contents: 'read',
      'pull-requests': name === 'docs-agent-chat.yml' ? 'write' : 'read',
      issues: 'write',
      statuses: 'write',
      ...(startsAtLastSuccess && { actions: 'read' }),
    };
    for (const [scope, level] of Object.entries(permissions)) expect([scope, level]).toEqual([scope, allowed[scope]]);
  });

  test('passes the action only declared inputs, with the key from a secret', () => {
    const inputs = actionInputs(name);
    for (const input of Object.keys(inputs)) expect(declaredInputs).toContain(input);
    // The docs check calls no Mintlify API: it is given no key.
    const key =
      inputs['docs-check'] === true ? undefined : { api: '${{ secrets.MINTLIFY_API_KEY }}', project: '${{ vars.MINTLIFY_PROJECT_ID }}' };
    expect(inputs['api-key']).toBe(key?.api);
    expect(inputs['project-id']).toBe(key?.project);
  });

  test("pins every other repository's action to a full commit SHA with its version in a comment", () => {
    const others = usesLines(texts.get(name) ?? '').filter(({ ref }) => !ref.startsWith('mintlify/docs-agent-action@'));
    expect(others.length).toBe(stepsOf(name).filter((step) => typeof step['uses'] === 'string' && step['uses'] !== ACTION).length);
    for (const { ref, comment } of others) {
      expect(ref).toMatch(PINNED_REF);
      expect(comment).toMatch(VERSION_COMMENT);
    }
  });

  test('concurrency sits on the job that has an `if:`, never on a workflow whose job may be skipped', () => {
    // A run whose job `if:` skips still takes a workflow-level group, and cancels the pending run
    // that was waiting in it: the real one.
    const conditional = jobsOf(name).filter((job) => job['if'] !== undefined);
    if (conditional.length > 0) expect(workflow(name)['concurrency']).toBeUndefined();
    for (const job of conditional) {
      if (job['concurrency'] === undefined) continue;
      expect(record(job['concurrency'], 'job concurrency')['cancel-in-progress']).toBe(false);
    }
  });

  test('a concurrency group sits on a job and keeps every waiting run in order (queue: max), cancelling none', () => {
    // By default a group keeps one waiting run and a newer run cancels it, so a burst loses the middle
    // push or command; `queue: max` keeps up to 100 waiting, first in, first out (refused with
    // cancel-in-progress: true). On the workflow it would also hold back runs whose job is skipped.
    expect(workflow(name)['concurrency']).toBeUndefined();
    // The docs check alone cancels: a newer push makes the older check's findings stale.
    if (name === 'docs-check.yml') return;
    for (const job of jobsOf(name).filter((candidate) => candidate['concurrency'] !== undefined)) {
      expect(record(job['concurrency'], 'job concurrency')).toMatchObject({ 'cancel-in-progress': false, queue: 'max' });
    }
  });

  test('pre-filters on the event and its text, never on author_association (the gate decides who)', () => {
    // Members of an organisation whose membership is private show as CONTRIBUTOR or NONE.
    const conditions = [...jobsOf(name), ...stepsOf(name)].map((part) => part['if']).filter((condition) => condition !== undefined);
    for (const condition of conditions) expect(JSON.stringify(condition)).not.toMatch(/author_association/);
  });

  test('no script interpolates an expression (script injection)', () => {
    for (const step of stepsOf(name)) {
      const scripts = [step['run'], record(step['with'] ?? {}, 'with')['script']].filter((value) => typeof value === 'string');
      for (const script of scripts) expect(script).not.toContain('${{');
    }
  });
});

test('the examples whose runs wait for each other say so on their job: push, merged pull request, digest, chat, issue label, weekly health', () => {
  const waiting = files.filter((name) => jobsOf(name).some((job) => job['concurrency'] !== undefined));
  // All but the nightly export and the release notes, whose runs never pile up.
  expect(files.filter((name) => !waiting.includes(name))).toEqual(['nightly-analytics.yml', 'release-notes.yml']);
});

test('docs check: reviewed pull requests, the docs from the base or their own repository, one check per pull request, no key', () => {
  const name = 'docs-check.yml';
  expect(workflow(name)['on']).toEqual({ pull_request: { types: ['opened', 'synchronize', 'reopened', 'ready_for_review'] } });
  expect(record(workflow(name)['permissions'], 'permissions')).toEqual({ contents: 'read', 'pull-requests': 'read', issues: 'write' });
  expect(record(onlyJob(name)['concurrency'], 'concurrency')).toEqual({
    group: 'docs-check-${{ github.event.pull_request.number }}',
    'cancel-in-progress': true,
  });
  const inputs = actionInputs(name);
  expect(inputs['docs-check']).toBe(true);
  expect(String(inputs['docs-path'])).toContain("'docs-repo'");
  const checkouts = stepsOf(name).filter((step) => String(step['uses']).startsWith('actions/checkout@'));
  expect(checkouts.map((step) => record(step['with'], 'with'))).toEqual([
    // The docs beside the code at the base: nothing of the pull request is checked out.
    { ref: '${{ github.event.pull_request.base.sha }}', 'sparse-checkout': 'docs', 'persist-credentials': false },
    {
      repository: '${{ github.repository_owner }}/${{ env.DOCS_REPOSITORY }}',
      token: '${{ steps.docs-token.outputs.token }}',
      path: 'docs-repo',
      'persist-credentials': false,
    },
  ]);
});

test("docs check: the layout is written in the workflow, and a fork's run with the docs elsewhere skips what needs a secret", () => {
  const name = 'docs-check.yml';
  // GitHub gives a fork's pull request no variables (and no secrets): a layout read from `vars` would
  // look like the docs beside the code there, and the check would fail on a folder that is not there.
  expect(record(workflow(name)['env'], 'env')).toEqual({ DOCS_REPOSITORY: '' });
  const conditions = stepsOf(name).map((step) => step['if']);
  for (const condition of conditions) expect(typeof condition === 'string' ? condition : '').not.toMatch(/vars\./);
  expect(String(actionInputs(name)['docs-path'])).not.toMatch(/vars\./);
  const token = stepsOf(name).find((step) => String(step['uses']).startsWith(APP_TOKEN));
  expect(token?.['id']).toBe('docs-token');
  expect(String(token?.['if'])).toContain('github.event.pull_request.head.repo.full_name == github.repository');
  // The docs repository's checkout and the check itself follow the token: skipped with it on a fork.
  const afterToken = stepsOf(name).filter((step) => step['uses'] === ACTION || record(step['with'] ?? {}, 'with')['path'] === 'docs-repo');
  expect(afterToken).toHaveLength(2);
  for (const step of afterToken) expect(String(step['if'])).toContain("steps.docs-token.outcome == 'success'");
});

test('issue label: starts on the chosen label, comments, may write issues', () => {
  const parsed = workflow('issue-label.yml');
  expect(parsed['on']).toEqual({ issues: { types: ['labeled'] } });
  expect(record(parsed['permissions'], 'permissions')).toEqual({ contents: 'read', issues: 'write' });
  expect(jobsOf('issue-label.yml')[0]?.['if']).toBe("github.event.label.name == 'docs-agent'");
  // One run per issue, on the job that has the `if:`.
  expect(jobsOf('issue-label.yml')[0]?.['concurrency']).toEqual({
    group: 'docs-agent-issue-${{ github.event.issue.number }}',
    'cancel-in-progress': false,
    queue: 'max',
  });
  expect(actionInputs('issue-label.yml')).toMatchObject({ comment: true, 'prompt-file': '${{ runner.temp }}/prompt.md' });
  const promptStep = stepsOf('issue-label.yml').find((step) => typeof step['run'] === 'string');
  expect(record(promptStep?.['env'], 'env')).toMatchObject({
    ISSUE_TITLE: '${{ github.event.issue.title }}',
    ISSUE_BODY: '${{ github.event.issue.body }}',
  });
});

test('chat: labels, comments and reviews, pre-filtered cheaply; the action reads the comment and checks who wrote it', () => {
  const parsed = workflow('docs-agent-chat.yml');
  expect(parsed['on']).toEqual({
    issues: { types: ['labeled'] },
    issue_comment: { types: ['created'] },
    pull_request_review_comment: { types: ['created'] },
    pull_request_review: { types: ['submitted'] },
  });
  expect(record(parsed['permissions'], 'permissions')).toEqual({ contents: 'read', issues: 'write', 'pull-requests': 'write' });
  // No workflow-level concurrency: a skipped comment must not queue behind a running job.
  expect(parsed['concurrency']).toBeUndefined();
  const [job] = jobsOf('docs-agent-chat.yml');
  expect(record(job?.['concurrency'], 'concurrency')).toEqual({
    group: 'docs-agent-${{ github.event.issue.number || github.event.pull_request.number }}',
    'cancel-in-progress': false,
    queue: 'max',
  });
  const condition = String(job?.['if']);
  expect(condition).toContain("github.event.label.name == 'docs-agent'");
  expect(condition).toContain("contains(github.event.comment.body, '/docs-agent')");
  expect(condition).toContain("github.event.review.state == 'changes_requested'");
  expect(condition).toContain("contains(github.event.review.body, '/docs-agent')");
  // The role is the action's to check (trigger-permission), through GitHub's API, not the payload's say.
  expect(condition).not.toContain('author_association');
  // One step, no script: the action reads the comment, the review and the thread itself.
  expect(stepsOf('docs-agent-chat.yml')).toHaveLength(1);
  const inputs = actionInputs('docs-agent-chat.yml');
  expect(inputs).toEqual({ 'api-key': '${{ secrets.MINTLIFY_API_KEY }}', 'project-id': '${{ vars.MINTLIFY_PROJECT_ID }}', comment: true });
  expect(JSON.stringify(parsed)).not.toContain('github-script');
});

test("chat: the pre-filter's command is the action's default command", async () => {
  const { CONVERSATION_INPUTS } = await import('../../../src/conversation/settings.js');
  const condition = String(jobsOf('docs-agent-chat.yml')[0]?.['if']);
  expect(condition.match(/'\/[\w-]+'/g)?.every((word) => word === `'${CONVERSATION_INPUTS.command}'`)).toBe(true);
});

test("chat: the pre-filter's label is the action's default trigger-label, so the action takes the label the if: lets through", async () => {
  const { CONVERSATION_INPUTS } = await import('../../../src/conversation/settings.js');
  const condition = String(jobsOf('docs-agent-chat.yml')[0]?.['if']);
  const labels = [...condition.matchAll(/github\.event\.label\.name == '([^']+)'/g)].map((match) => match[1]);
  expect(labels).toEqual([CONVERSATION_INPUTS['trigger-label']]);
  expect(actionInputs('docs-agent-chat.yml')['trigger-label']).toBeUndefined();
});

test('nightly: schedule, one day of analytics to visitors.csv, uploaded', () => {
  const parsed = workflow('nightly-analytics.yml');
  expect(list(record(parsed['on'], 'on')['schedule'], 'schedule')).toHaveLength(1);
  expect(actionInputs('nightly-analytics.yml')).toMatchObject({ analytics: true, 'analytics-days': 1, 'analytics-file': 'visitors.csv' });
  const upload = stepsOf('nightly-analytics.yml').find((step) => String(step['uses']).startsWith('actions/upload-artifact@'));
  expect(record(upload?.['with'], 'with')['path']).toBe('${{ steps.analytics.outputs.analytics-file }}');
});

test('docs health: weekly, every report, the evidence in the prompt of a job on the rated-down pages, the report on an issue', () => {
  const parsed = workflow('docs-health-weekly.yml');
  const schedule = list(record(parsed['on'], 'on')['schedule'], 'schedule');
  expect(schedule).toHaveLength(1);
  // Minute, hour, any day of the month, any month, one day of the week.
  expect(String(record(schedule[0], 'schedule entry')['cron'])).toMatch(/^\d+ \d+ \* \* [0-6]$/);
  // pull-requests: read for the impact report, which the example asks for by name ('all, impact').
  expect(record(parsed['permissions'], 'permissions')).toEqual({ contents: 'read', issues: 'write', 'pull-requests': 'read' });
  const inputs = actionInputs('docs-health-weekly.yml');
  expect(inputs).toMatchObject({ analytics: true, 'analytics-reports': 'all, impact', 'analytics-days': 7, 'analytics-in-prompt': true });
  expect(inputs['report-issue']).toEqual(expect.any(Number));
  expect(String(inputs['prompt'])).toContain('Improve the pages readers rated down this week.');
  // The reader text reaches the agent only through the action's evidence, never through the workflow.
  expect(JSON.stringify(workflow('docs-health-weekly.yml'))).not.toContain('github.event');
  const upload = stepsOf('docs-health-weekly.yml').find((step) => String(step['uses']).startsWith('actions/upload-artifact@'));
  expect(record(upload?.['with'], 'with')['path']).toBe('${{ steps.health.outputs.analytics-file }}');
});

test('release: on published, prompt from the release notes', () => {
  expect(workflow('release-notes.yml')['on']).toEqual({ release: { types: ['published'] } });
  const promptStep = stepsOf('release-notes.yml').find((step) => typeof step['run'] === 'string');
  expect(record(promptStep?.['env'], 'env')['RELEASE_NOTES']).toBe('${{ github.event.release.body }}');
  expect(actionInputs('release-notes.yml')['prompt-file']).toBe('${{ runner.temp }}/prompt.md');
});

/** The job of a one-job example. */
function onlyJob(name: string): Yaml {
  const jobs = jobsOf(name);
  expect(jobs).toHaveLength(1);
  return jobs[0] ?? {};
}

/** One run per branch at a time, said on the job (a workflow-level group would also hold back unrelated runs). */
function expectJobConcurrencyPerBranch(name: string, key: string): void {
  expect(workflow(name)['concurrency']).toBeUndefined();
  const concurrency = record(onlyJob(name)['concurrency'], `${name} concurrency`);
  expect(String(concurrency['group'])).toContain(key);
  expect(concurrency['cancel-in-progress']).toBe(false);
  expect(concurrency['queue']).toBe('max');
}

test('docs on push: pushes to main, the code in change-paths, one run per branch, pull requests and runs read, statuses written', () => {
  const name = 'docs-on-push.yml';
  expect(workflow(name)['on']).toEqual({ push: { branches: ['main'] } });
  expect(record(workflow(name)['permissions'], 'permissions')).toEqual({
    actions: 'read',
    contents: 'read',
    'pull-requests': 'read',
    statuses: 'write',
  });
  expect(actionInputs(name)).toMatchObject({ 'extend-open-pr': true });
  expectJobConcurrencyPerBranch(name, '${{ github.ref }}');
  const inputs = actionInputs(name);
  expect(String(inputs['change-paths']).split('\n')).toEqual(expect.arrayContaining(['src/**', '!**/*.test.ts']));
  expect(inputs['change-context']).toBeUndefined();
  expect(String(inputs['prompt'])).toContain('Update the documentation where this change needs it');
});

test('docs on merged pull request: closed and merged only, no checkout of its code, a comment on it', () => {
  const name = 'docs-on-merged-pr.yml';
  expect(workflow(name)['on']).toEqual({ pull_request_target: { types: ['closed'], branches: ['main'] } });
  expect(record(workflow(name)['permissions'], 'permissions')).toEqual({
    contents: 'read',
    'pull-requests': 'read',
    issues: 'write',
    statuses: 'write',
  });
  expect(onlyJob(name)['if']).toBe('github.event.pull_request.merged == true');
  expectJobConcurrencyPerBranch(name, '${{ github.event.pull_request.base.ref }}');
  // pull_request_target runs with secrets: nothing of the pull request's code may run (no checkout, no script).
  expect(stepsOf(name).every((step) => step['uses'] === ACTION || String(step['uses']).startsWith(APP_TOKEN))).toBe(true);
  expect(actionInputs(name)).toMatchObject({ comment: true });
  expect(actionInputs(name)['prompt']).toBeUndefined();
});

test('daily digest: a daily schedule, every commit since the last successful digest, one digest per branch at a time', () => {
  const name = 'docs-daily-digest.yml';
  const schedule = list(record(workflow(name)['on'], 'on')['schedule'], 'schedule');
  expect(schedule).toHaveLength(1);
  expect(String(record(schedule[0], 'schedule entry')['cron'])).toMatch(/^\d+ \d+ \* \* \*$/);
  expect(record(workflow(name)['permissions'], 'permissions')).toEqual({
    actions: 'read',
    contents: 'read',
    'pull-requests': 'read',
    statuses: 'write',
  });
  expectJobConcurrencyPerBranch(name, '${{ github.ref }}');
  expect(actionInputs(name)).toMatchObject({ 'change-since': 'last-success', 'extend-open-pr': true });
});

test.each([
  ['docs-on-push.yml', 'read'],
  ['docs-daily-digest.yml', 'read'],
  ['docs-on-merged-pr.yml', 'write'],
])('%s shows the docs in their own repository: an app token for that repository only, as docs-token', (name, level) => {
  const steps = stepsOf(name);
  const tokenSteps = steps.filter((step) => String(step['uses']).startsWith(APP_TOKEN));
  expect(tokenSteps).toHaveLength(1);
  const [tokenStep] = tokenSteps;
  // Before the action's step, skipped in a one-repository layout (then docs-token is empty: github-token).
  expect(steps.indexOf(tokenStep ?? {})).toBeLessThan(steps.findIndex((step) => step['uses'] === ACTION));
  expect(tokenStep?.['id']).toBe('docs-token');
  expect(tokenStep?.['if']).toBe("vars.DOCS_APP_CLIENT_ID != ''");
  // One repository, and only the permission the action needs there.
  expect(record(tokenStep?.['with'], 'with')).toEqual({
    'client-id': '${{ vars.DOCS_APP_CLIENT_ID }}',
    'private-key': '${{ secrets.DOCS_APP_PRIVATE_KEY }}',
    owner: '${{ github.repository_owner }}',
    repositories: '${{ vars.DOCS_REPOSITORY }}',
    'permission-pull-requests': level,
  });
  expect(actionInputs(name)['docs-token']).toBe('${{ steps.docs-token.outputs.token }}');
});

test('the documentation shows every example, each copy exactly as shipped (README.md or a page in docs/)', () => {
  const pages = [
    'README.md',
    ...readdirSync('docs')
      .filter((name) => name.endsWith('.md'))
      .map((name) => join('docs', name)),
  ];
  const blocks = pages.flatMap((page) => [
    ...readFileSync(page, 'utf8').matchAll(/<!-- example: examples\/([\w.-]+) -->\n```yaml\n([\s\S]*?)```\n/g),
  ]);
  expect([...new Set(blocks.map((match) => match[1]))].sort()).toEqual(files);
  for (const [, name = '', text] of blocks) expect(text).toBe(readFileSync(join('examples', name), 'utf8'));
});
