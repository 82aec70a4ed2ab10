/**
 * An older Node stops `npm ci` and `npm test` at once, naming the version needed: `.npmrc` makes npm
 * enforce package.json's `engines` (EBADENGINE before anything is installed or removed), and
 * `pretest` runs scripts/check-node.js, whose decision is tested here for versions on both sides.
 */
import { describe, expect, test } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { minimumOf, nodeVersionProblem } from '../../../scripts/check-node.js';

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines?: { node?: string }; scripts?: Record<string, string> };
const ENGINES = manifest.engines?.node ?? '';

describe('the wiring', () => {
  test("package.json names the oldest Node in the form the check reads, and 'npm test' runs the check first", () => {
    expect(minimumOf(ENGINES)).toEqual([22, 13, 0]);
    expect(manifest.scripts?.['pretest']).toBe('node scripts/check-node.js');
  });

  test('.npmrc makes npm ci and npm install refuse a Node outside engines', () => {
    const settings = readFileSync('.npmrc', 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));
    expect(settings).toContain('engine-strict=true');
  });

  test('on this Node (the one the tests run on) the check passes, silently', () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.js'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('');
  });
});

describe('nodeVersionProblem', () => {
  test.each(['v20.20.2', 'v18.20.0', 'v22.12.9', 'v22.0.0'])('%s: refused, naming the version needed and how to get it', (version) => {
    const problem = nodeVersionProblem(version, ENGINES);
    expect(problem).toContain('This project needs Node 22.13 or newer');
    expect(problem).toContain(`this is Node ${version}.`);
    expect(problem).toContain('scripts/node24.sh');
  });

  test.each(['v22.13.0', 'v22.13.1', 'v22.20.0', 'v23.0.0', 'v24.0.0', 'v24.21.0', 'v30.1.2'])('%s: taken', (version) => {
    expect(nodeVersionProblem(version, ENGINES)).toBeUndefined();
  });

  test('a patch in the range is compared too; a range of another form is an error, not a pass', () => {
    expect(nodeVersionProblem('v24.17.9', '>=24.18.0')).toContain('needs Node 24.18 or newer');
    expect(nodeVersionProblem('v24.18.0', '>=24.18.1')).toContain('needs Node 24.18.1 or newer');
    expect(nodeVersionProblem('v24.18.0', '>=24.18.0')).toBeUndefined();
    expect(() => minimumOf('^22.13')).toThrow('this check reads only');
  });
});
