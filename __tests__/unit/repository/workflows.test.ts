/**
 * The repository's own workflows (.github/workflows) and Dependabot's configuration follow the rules
 * a maintained action keeps: least permissions, other repositories' actions pinned to a commit SHA
 * with the version in a comment, no expression pasted into a script, and the jobs the project relies
 * on (checks, dist/, actionlint, the self-test on three systems, release, CodeQL) really there.
 * The self-test's steps are also run locally, in __tests__/e2e/self-test.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { WORKFLOW_DIRECTORIES } from '../../../scripts/lint-workflows.js';
import {
  jobsOf,
  list,
  PINNED_REF,
  readWorkflows,
  record,
  stepsOf,
  usesLines,
  VERSION_COMMENT,
  type Yaml,
} from '../../helpers/workflow-yaml.js';

const workflows = readWorkflows('.github/workflows');
const names = workflows.map(({ path }) => path);

function workflow(name: string): Yaml {
  const found = workflows.find(({ path }) => path === `.github/workflows/${name}`);
  if (found === undefined) throw new Error(`.github/workflows/${name} is missing`);
  return found.yaml;
}

function job(name: string, id: string): Yaml {
  const found = jobsOf(workflow(name), name).get(id);
  if (found === undefined) throw new Error(`${name} has no job ${id}`);
  return found;
}

/** The `run:` scripts of a job, in order. */
function runs(name: string, id: string): string[] {
  return stepsOf(job(name, id), `${name} ${id}`)
    .map((step) => step['run'])
    .filter((run) => typeof run === 'string');
}

/** Write access a job may have, by workflow file and job id; every other permission is read or none. */
const WRITES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {
  'release.yml': { 'move-major-tag': { contents: 'write' } },
  'codeql.yml': { analyze: { 'security-events': 'write' } },
};

test('CI, release and CodeQL workflows ship', () => {
  expect(names).toEqual(['.github/workflows/ci.yml', '.github/workflows/codeql.yml', '.github/workflows/release.yml']);
});

describe.each(workflows)('$path', ({ path, text, yaml }) => {
  const name = path.slice('.github/workflows/'.length);
  const jobs = jobsOf(yaml, name);

  test('grants only read access at the top, so a job without its own permissions cannot write', () => {
    const permissions = record(yaml['permissions'], `${name} permissions`);
    expect(Object.keys(permissions).length).toBeGreaterThan(0);
    for (const level of Object.values(permissions)) expect(['read', 'none']).toContain(level);
  });

  test('gives write access only to the jobs that need it, and only that', () => {
    for (const [id, spec] of jobs) {
      const permissions = spec['permissions'] === undefined ? {} : record(spec['permissions'], `${name} ${id} permissions`);
      const writes = Object.fromEntries(Object.entries(permissions).filter(([, level]) => level === 'write'));
      expect([id, writes]).toEqual([id, WRITES[name]?.[id] ?? {}]);
      expect(Object.values(permissions).every((level) => ['read', 'write', 'none'].includes(String(level)))).toBe(true);
    }
  });

  test('bounds every job with timeout-minutes', () => {
    for (const [id, spec] of jobs) expect([id, typeof spec['timeout-minutes']]).toEqual([id, 'number']);
  });

  test("pins every other repository's action to a full commit SHA, with its version in a comment", () => {
    const lines = usesLines(text);
    expect(lines.length).toBeGreaterThan(0);
    for (const { line, ref, comment } of lines.filter(({ ref }) => ref !== './')) {
      expect({ line, ref, comment }).toEqual({
        line,
        ref: expect.stringMatching(PINNED_REF),
        comment: expect.stringMatching(VERSION_COMMENT),
      });
    }
  });

  test('pastes no expression into a script (untrusted text goes through env:)', () => {
    for (const [id, spec] of jobs) {
      for (const step of stepsOf(spec, `${name} ${id}`)) {
        const script = step['run'] ?? record(step['with'] ?? {}, 'with')['script'];
        if (typeof script === 'string') expect(script).not.toContain('${{');
      }
    }
  });

  test('keeps the checkout token out of .git unless the job pushes', () => {
    for (const [id, spec] of jobs) {
      const pushes = WRITES[name]?.[id]?.['contents'] === 'write';
      for (const step of stepsOf(spec, `${name} ${id}`).filter((candidate) => String(candidate['uses']).startsWith('actions/checkout@'))) {
        expect([id, record(step['with'] ?? {}, 'with')['persist-credentials']]).toEqual([id, pushes]);
      }
    }
  });
});

test('each action has one pin across the workflows and the examples', () => {
  const pins = new Map<string, Set<string>>();
  for (const { text } of [...workflows, ...readWorkflows('examples')]) {
    for (const { ref, comment } of usesLines(text).filter((line) => PINNED_REF.test(line.ref))) {
      const [action = '', sha = ''] = ref.split('@');
      const repository = action.split('/').slice(0, 2).join('/');
      pins.set(repository, (pins.get(repository) ?? new Set()).add(`${sha} # ${comment ?? ''}`));
    }
  }
  // checkout, setup-node, upload-artifact and codeql-action: the scan found every pinned action.
  expect(pins.size).toBeGreaterThanOrEqual(4);
  for (const [repository, seen] of pins) expect([repository, seen.size]).toEqual([repository, 1]);
});

describe('ci.yml', () => {
  test('runs on pushes to main and on pull requests', () => {
    expect(Object.keys(record(workflow('ci.yml')['on'], 'on'))).toEqual(expect.arrayContaining(['push', 'pull_request']));
  });

  test('installs, type-checks, lints and tests', () => {
    expect(runs('ci.yml', 'test')).toEqual([
      'npm ci --no-audit --no-fund',
      'npm run typecheck',
      'npm run lint:code',
      'npm run lint:imports',
      'npm test',
    ]);
  });

  test('fails when dist/ is not the build of src/, and then offers the expected dist/ as an artifact', () => {
    const steps = stepsOf(job('ci.yml', 'check-dist'), 'check-dist');
    const compare = steps.find((step) => step['run'] === 'npm run -s check-dist');
    expect(compare?.['id']).toBe('compare');
    const upload = steps.find((step) => String(step['uses']).startsWith('actions/upload-artifact@'));
    expect(upload?.['if']).toBe("failure() && steps.compare.outcome == 'failure'");
    expect(record(upload?.['with'], 'with')).toMatchObject({ name: 'dist', path: 'dist/' });
    expect(steps.indexOf(upload ?? {})).toBeGreaterThan(steps.indexOf(compare ?? {}));
  });

  test('runs actionlint on .github/workflows and examples/', () => {
    expect(runs('ci.yml', 'workflows')).toContain('npm run lint:workflows');
    const scripts = record(record(JSON.parse(readFileSync('package.json', 'utf8')), 'package.json')['scripts'], 'scripts');
    expect(scripts['lint:workflows']).toBe('node scripts/lint-workflows.js');
    expect(String(scripts['lint'])).toContain('npm run -s lint:workflows');
    expect(WORKFLOW_DIRECTORIES).toEqual(['.github/workflows', 'examples']);
  });

  test('lints the workflows with the actionlint binary and shellcheck, and with a pinned zizmor', () => {
    const steps = stepsOf(job('ci.yml', 'workflows'), 'workflows');
    const actionlint = steps.find((step) => step['name'] === 'actionlint with shellcheck');
    expect(record(actionlint?.['env'], 'env')['ACTIONLINT_VERSION']).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(String(actionlint?.['run'])).toContain('-shellcheck shellcheck .github/workflows/*.yml examples/*.yml');
    const zizmor = steps.find((step) => step['name'] === 'zizmor');
    expect(record(zizmor?.['env'], 'env')['ZIZMOR_VERSION']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(String(zizmor?.['run'])).toContain('"zizmor==${ZIZMOR_VERSION}"');
  });

  test('globs in run: scripts start with ./ (shellcheck SC2035: a file named -x would become an option)', () => {
    for (const [, spec] of jobsOf(workflow('ci.yml'), 'ci.yml')) {
      for (const step of stepsOf(spec, 'ci.yml')) {
        if (typeof step['run'] === 'string') expect(step['run']).not.toMatch(/(?:^|\s)\*\.\w+/);
      }
    }
  });

  describe('self-test', () => {
    const selfTest = job('ci.yml', 'self-test');
    const steps = stepsOf(selfTest, 'self-test');
    const runsAction = steps.filter((step) => step['uses'] === './');
    const inputs = (step: Yaml): Yaml => record(step['with'], `self-test ${String(step['id'])} with`);

    /** The check step that reads the given step, and its arguments. */
    function checkOf(id: string): string {
      const check = steps.find((step) => record(step['env'] ?? {}, 'env')['STEP'] === `\${{ toJSON(steps.${id}) }}`);
      const run = typeof check?.['run'] === 'string' ? check['run'] : '';
      expect(run).toMatch(/^node scripts\/ci\/assert-step\.js /);
      expect(steps.indexOf(check ?? {})).toBeGreaterThan(steps.findIndex((step) => step['id'] === id));
      return run;
    }

    test('on Linux, Windows and macOS, with bash on all three', () => {
      const matrix = record(record(selfTest['strategy'], 'strategy')['matrix'], 'matrix');
      expect(list(matrix['os'], 'os')).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
      expect(selfTest['runs-on']).toBe('${{ matrix.os }}');
      expect(record(record(selfTest['defaults'], 'defaults')['run'], 'run')['shell']).toBe('bash');
    });

    test("no command argument starts with '/' (or has one after '='), which Git Bash on Windows would rewrite into a path", () => {
      const commands = steps.map((step) => step['run']).filter((run) => typeof run === 'string');
      expect(commands.length).toBeGreaterThan(3);
      for (const command of commands) expect(command.split(/\s+/).filter((word) => /^["']?\/|=\//.test(word))).toEqual([]);
    });

    test('each run of the action talks to an emulator started earlier in the job, and is checked after', () => {
      expect(runsAction.length).toBeGreaterThanOrEqual(3);
      for (const step of runsAction) {
        const from = /^\$\{\{ steps\.([\w-]+)\.outputs\.url \}\}$/.exec(String(inputs(step)['base-url']))?.[1];
        const start = steps.find((candidate) => candidate['id'] === from);
        const scenario = /^node scripts\/ci\/start-emulator\.js --scenario (\S+)$/.exec(String(start?.['run']))?.[1] ?? '';
        expect(existsSync(scenario)).toBe(true);
        expect(inputs(step)['api-key']).toBe(`\${{ steps.${from ?? ''}.outputs.api-key }}`);
        expect(steps.indexOf(start ?? {})).toBeLessThan(steps.indexOf(step));
        expect(checkOf(String(step['id']))).toContain('--summary-includes');
      }
    });

    test('covers a completed job with a pull request', () => {
      const step = runsAction.find(
        (candidate) => typeof inputs(candidate)['prompt'] === 'string' && candidate['continue-on-error'] === undefined,
      );
      const check = checkOf(String(step?.['id']));
      expect(check).toContain('--outcome success');
      expect(check).toContain('--output status=completed');
      expect(check).toMatch(/--output pr-link=https:\/\/\S+/);
      expect(check).toContain('--output-matches "job-id=');
    });

    test('covers a failing job: the step fails, and continue-on-error lets the check run', () => {
      const step = runsAction.find((candidate) => candidate['continue-on-error'] === true);
      const check = checkOf(String(step?.['id']));
      expect(check).toContain('--outcome failure');
      expect(check).toContain('--output status=failed');
    });

    test('the runs with a prompt keep the default change context: on a pull request that is not merged, a prompt runs as in v1', () => {
      const withPrompt = runsAction.filter((step) => inputs(step)['prompt'] !== undefined);
      expect(withPrompt.length).toBeGreaterThanOrEqual(2);
      for (const step of withPrompt) expect(inputs(step)['change-context']).toBeUndefined();
    });

    test('covers an analytics run', () => {
      const step = runsAction.find((candidate) => inputs(candidate)['analytics'] === true);
      const check = checkOf(String(step?.['id']));
      expect(check).toContain('--output visitors-total=');
      expect(check).toContain('--output-file analytics-file');
    });
  });
});

describe('release.yml', () => {
  test('runs when a vX.Y.Z tag is pushed', () => {
    expect(workflow('release.yml')['on']).toEqual({ push: { tags: ['v*.*.*'] } });
  });

  test('checks the tag, the tests and dist/ before anything moves', () => {
    const verify = runs('release.yml', 'verify');
    expect(verify).toEqual(expect.arrayContaining(['node scripts/ci/release.js', 'npm test', 'npm run -s check-dist']));
    const plan = stepsOf(job('release.yml', 'verify'), 'verify').find((step) => step['run'] === 'node scripts/ci/release.js');
    expect(record(plan?.['env'], 'env')['RELEASE_TAG']).toBe('${{ github.ref_name }}');
  });

  test("refuses a tag whose commit is not on main, and waits for CI's self-test on every OS of its matrix", () => {
    const step = stepsOf(job('release.yml', 'verify'), 'verify').find((candidate) =>
      String(candidate['run']).startsWith('node scripts/ci/release-ready.js'),
    );
    const command = String(step?.['run']);
    expect(command).toContain('--branch main');
    const checks = [...command.matchAll(/--check "([^"]+)"/g)].map((match) => match[1]);
    const matrix = record(record(job('ci.yml', 'self-test')['strategy'], 'strategy')['matrix'], 'matrix');
    const selfTestName = String(job('ci.yml', 'self-test')['name']);
    expect(checks).toEqual(list(matrix['os'], 'os').map((os) => selfTestName.replace('${{ matrix.os }}', String(os))));
    expect(record(job('release.yml', 'verify')['permissions'], 'permissions')).toEqual({ contents: 'read', checks: 'read' });
  });

  test('one concurrency group per tag, never cancelled: a queued tag is not dropped', () => {
    expect(workflow('release.yml')['concurrency']).toEqual({ group: 'release-${{ github.ref_name }}', 'cancel-in-progress': false });
  });

  test("moves the major tag in the 'release' environment, where a reviewer can be required", () => {
    expect(job('release.yml', 'move-major-tag')['environment']).toBe('release');
  });

  test('moves the major tag only after the checks pass, and only when the plan says so', () => {
    const move = job('release.yml', 'move-major-tag');
    expect(move['needs']).toBe('verify');
    expect(move['if']).toBe("needs.verify.outputs.move == 'true'");
    const script = runs('release.yml', 'move-major-tag').join('\n');
    expect(script).toContain('git tag --force "$MAJOR" "$GITHUB_SHA"');
    expect(script).toContain('git push --force origin "refs/tags/$MAJOR"');
  });
});

describe('codeql.yml', () => {
  test('analyzes JavaScript and TypeScript on pushes, pull requests and weekly', () => {
    const on = record(workflow('codeql.yml')['on'], 'on');
    expect(Object.keys(on)).toEqual(expect.arrayContaining(['push', 'pull_request', 'schedule']));
    const steps = stepsOf(job('codeql.yml', 'analyze'), 'analyze');
    const init = steps.find((step) => String(step['uses']).startsWith('github/codeql-action/init@'));
    expect(record(init?.['with'], 'with')['languages']).toBe('javascript-typescript');
    expect(steps.some((step) => String(step['uses']).startsWith('github/codeql-action/analyze@'))).toBe(true);
  });
});

describe('dependabot.yml', () => {
  const config = record(parse(readFileSync('.github/dependabot.yml', 'utf8')), 'dependabot.yml');
  const updates = list(config['updates'], 'updates').map((update) => record(update, 'update'));

  test('updates npm (the project and tools/prism) and the workflow actions', () => {
    expect(config['version']).toBe(2);
    expect(
      updates.map((update) => `${String(update['package-ecosystem'])} ${String(update['directory'] ?? update['directories'])}`),
    ).toEqual(['npm /', 'npm /tools/prism', 'github-actions /,/.github/pins']);
  });

  test.each(
    updates.map(
      (update) => [`${String(update['package-ecosystem'])} ${String(update['directory'] ?? update['directories'])}`, update] as const,
    ),
  )('%s: weekly, grouped, with a cooldown Dependabot accepts', (_, update) => {
    expect(record(update['schedule'], 'schedule')['interval']).toBe('weekly');
    expect(Object.keys(record(update['groups'], 'groups')).length).toBeGreaterThan(0);
    const cooldown = record(update['cooldown'], 'cooldown');
    expect(typeof cooldown['default-days']).toBe('number');
    // github-actions versions are not semver ranges: Dependabot rejects the semver-*-days keys there.
    if (update['package-ecosystem'] === 'github-actions') expect(Object.keys(cooldown)).toEqual(['default-days']);
  });
});
