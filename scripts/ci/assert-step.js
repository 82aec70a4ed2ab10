// @ts-check
// Checks an earlier step of the same workflow job: its outcome, its outputs and its job summary.
//   STEP='${{ toJSON(steps.<id>) }}' node scripts/ci/assert-step.js --outcome success \
//     --output status=completed --output-matches 'job-id=^job_' --output-file analytics-file \
//     --summary-includes-output job-id --summary-includes /quickstart
// The step arrives as JSON in the STEP environment variable (set it in `env:`, never with ${{ }}
// inside `run:`). Prints one line per check and a `::error::` line for each failed one; exits 1 if any
// failed.
//
// The summary: a step cannot read an earlier step's GITHUB_STEP_SUMMARY, since the runner gives each
// step its own file. After a step ends, the runner keeps the summary it uploads (masked) beside the
// current step's GITHUB_STEP_SUMMARY, as `step_summary_<id>-scrubbed`; the checks look there for a
// summary that has every expected text.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * @typedef {object} Expectations
 * @property {string} [outcome] 'success' or 'failure' (`steps.<id>.outcome`, before continue-on-error)
 * @property {Record<string, string>} outputs exact values
 * @property {Record<string, RegExp>} patterns values that must match
 * @property {string[]} files outputs that name a file that exists and is not empty
 * @property {string[]} summaryTexts texts one earlier summary must include
 * @property {string[]} summaryOutputs outputs whose values that summary must include
 */

/**
 * @typedef {object} StepResult
 * @property {string} [outcome]
 * @property {Record<string, string>} outputs
 */

/**
 * @typedef {object} Check
 * @property {boolean} ok
 * @property {string} text
 */

/**
 * The step as `toJSON(steps.<id>)` gives it.
 * @param {string | undefined} json
 * @returns {StepResult}
 */
export function parseStep(json) {
  if (json === undefined || json.trim() === '') throw new Error('STEP is not set: pass ${{ toJSON(steps.<id>) }} in env');
  /** @type {unknown} */
  const parsed = JSON.parse(json);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('STEP is not a JSON object');
  const outcome = 'outcome' in parsed && typeof parsed.outcome === 'string' ? parsed.outcome : undefined;
  const raw = 'outputs' in parsed && typeof parsed.outputs === 'object' && parsed.outputs !== null ? parsed.outputs : {};
  /** @type {Record<string, string>} */
  const outputs = {};
  for (const [name, value] of Object.entries(raw)) outputs[name] = String(value);
  return outcome === undefined ? { outputs } : { outcome, outputs };
}

/**
 * `name=value` (split at the first `=`; the value may be empty).
 * @param {string} pair
 * @returns {[string, string]}
 */
function nameValue(pair) {
  const at = pair.indexOf('=');
  if (at <= 0) throw new Error(`expected name=value, got '${pair}'`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}

/**
 * @param {readonly string[]} argv
 * @returns {Expectations}
 */
export function parseExpectations(argv) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      outcome: { type: 'string' },
      output: { type: 'string', multiple: true },
      'output-matches': { type: 'string', multiple: true },
      'output-file': { type: 'string', multiple: true },
      'summary-includes': { type: 'string', multiple: true },
      'summary-includes-output': { type: 'string', multiple: true },
    },
  });
  const expectations = {
    outputs: Object.fromEntries((values.output ?? []).map(nameValue)),
    patterns: Object.fromEntries(
      (values['output-matches'] ?? []).map((pair) => nameValue(pair)).map(([name, source]) => [name, new RegExp(source)]),
    ),
    files: values['output-file'] ?? [],
    summaryTexts: values['summary-includes'] ?? [],
    summaryOutputs: values['summary-includes-output'] ?? [],
  };
  return values.outcome === undefined ? expectations : { ...expectations, outcome: values.outcome };
}

/**
 * Summaries of earlier steps in the runner's file-command directory (the directory of this step's own
 * GITHUB_STEP_SUMMARY), newest first; empty ones are no summary.
 * @param {string} ownSummary this step's GITHUB_STEP_SUMMARY
 * @returns {string[]}
 */
export function earlierSummaries(ownSummary) {
  const dir = dirname(ownSummary);
  return readdirSync(dir)
    .filter((name) => name.startsWith('step_summary_') && name !== basename(ownSummary))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile() && statSync(path).size > 0)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((path) => readFileSync(path, 'utf8'));
}

/**
 * @param {StepResult} step
 * @param {Expectations} expect
 * @param {readonly string[]} summaries earlier steps' summaries
 * @returns {Check[]}
 */
export function checkStep(step, expect, summaries) {
  /** @type {Check[]} */
  const checks = [];
  if (expect.outcome !== undefined) {
    checks.push({ ok: step.outcome === expect.outcome, text: `outcome is ${expect.outcome} (got ${step.outcome ?? 'none'})` });
  }
  for (const [name, value] of Object.entries(expect.outputs)) {
    const actual = step.outputs[name];
    checks.push({
      ok: actual === value,
      text: `output ${name} is '${value}' (got ${actual === undefined ? 'no such output' : `'${actual}'`})`,
    });
  }
  for (const [name, pattern] of Object.entries(expect.patterns)) {
    const actual = step.outputs[name];
    checks.push({
      ok: actual !== undefined && pattern.test(actual),
      text: `output ${name} matches ${String(pattern)} (got '${actual ?? ''}')`,
    });
  }
  for (const name of expect.files) {
    const path = step.outputs[name] ?? '';
    const ok = path !== '' && existsSync(path) && statSync(path).isFile() && statSync(path).size > 0;
    checks.push({ ok, text: `output ${name} names a file that is not empty ('${path}')` });
  }
  const texts = [...expect.summaryTexts, ...expect.summaryOutputs.map((name) => step.outputs[name] ?? '')];
  if (texts.length > 0) {
    const missing = expect.summaryOutputs.filter((name) => !step.outputs[name]);
    const found = missing.length === 0 && summaries.some((summary) => texts.every((text) => summary.includes(text)));
    const wanted = texts.map((text) => `'${text}'`).join(', ');
    checks.push({ ok: found, text: `a job summary was written with ${wanted} (${summaries.length} earlier summaries found)` });
  }
  return checks;
}

/**
 * A workflow command's message with the characters the runner reads as syntax escaped.
 * @param {string} text
 */
function commandData(text) {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const expect = parseExpectations(process.argv.slice(2));
    const step = parseStep(process.env['STEP']);
    const needsSummary = expect.summaryTexts.length + expect.summaryOutputs.length > 0;
    const ownSummary = process.env['GITHUB_STEP_SUMMARY'];
    if (needsSummary && !ownSummary) throw new Error('GITHUB_STEP_SUMMARY is not set, so earlier summaries cannot be found');
    const checks = checkStep(step, expect, needsSummary && ownSummary ? earlierSummaries(ownSummary) : []);
    if (checks.length === 0)
      throw new Error('nothing to check: give --outcome, --output, --output-matches, --output-file or --summary-includes');
    for (const check of checks) process.stdout.write(check.ok ? `ok: ${check.text}\n` : `::error::${commandData(check.text)}\n`);
    process.exitCode = checks.every((check) => check.ok) ? 0 : 1;
  } catch (error) {
    process.stdout.write(`::error::${commandData(`assert-step: ${error instanceof Error ? error.message : String(error)}`)}\n`);
    process.exitCode = 2;
  }
}
