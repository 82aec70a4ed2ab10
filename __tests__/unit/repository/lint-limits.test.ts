/**
 * The size limits eslint.config.js sets for src/ (`npm run lint` fails on them): a function of more
 * than 60 lines and a line of more than 160 characters are reported, at the limit nothing is; and
 * every file of src/ is held to both, none let off.
 */
import { describe, expect, test } from '@jest/globals';
import { ESLint, type Linter } from 'eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';

const LIMIT_RULES = ['max-lines-per-function', 'max-len'] as const;
type LimitRule = (typeof LIMIT_RULES)[number];

/** A planted file of src/: not on disk, so it is linted without type information (the size rules need none). */
const PLANTED = 'src/planted-limits.ts';

/** The project's configuration, with type information off for the planted file only. */
const project = new ESLint({ overrideConfig: [{ files: [PLANTED], ...tseslint.configs.disableTypeChecked }] });

async function limitsReported(code: string): Promise<string[]> {
  const [result] = await project.lintText(code, { filePath: PLANTED });
  return (result?.messages ?? []).flatMap((message) => (LIMIT_RULES.some((rule) => rule === message.ruleId) ? [message.message] : []));
}

/** A function of `lines` lines, its first and last lines included. */
function functionOf(lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, index) => `  total += ${index};`);
  return ['export function planted(): number {', '  let total = 0;', ...body, '  return total;', '}', ''].join('\n');
}

/** A line of exactly `chars` characters: a string constant. */
function lineOf(chars: number): string {
  const prefix = "export const planted = '";
  const suffix = "';";
  return `${prefix}${'x'.repeat(chars - prefix.length - suffix.length)}${suffix}\n`;
}

describe('the limits in src/', () => {
  test('a 61-line function and a 161-character line are both reported', async () => {
    expect(functionOf(61).split('\n')).toHaveLength(62);
    expect(lineOf(161).length).toBe(162);
    const reported = await limitsReported(functionOf(61) + lineOf(161));
    expect(reported).toEqual([
      expect.stringMatching(/Function 'planted' has too many lines \(61\)\. Maximum allowed is 60/),
      expect.stringMatching(/This line has a length of 161\. Maximum allowed is 160/),
    ]);
  });

  test('a 60-line function and a 160-character line pass', async () => {
    expect(await limitsReported(functionOf(60) + lineOf(160))).toEqual([]);
  });
});

/** The files of src/ and, per limit, the rule's entry for each file in the project's configuration. */
async function limitsBySourceFile(): Promise<{ file: string; rule: LimitRule; entry: Linter.RuleEntry | undefined }[]> {
  const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join('src', name));
  const configs = await Promise.all(
    files.map(async (file) => ({ file, config: (await project.calculateConfigForFile(file)) as Linter.Config })),
  );
  return configs.flatMap(({ file, config }) => LIMIT_RULES.map((rule) => ({ file, rule, entry: config.rules?.[rule] })));
}

/** Each rule's entry as the project sets it for src/ (ESLint reports an 'error' severity as 2): the limit, on. */
const ENFORCED: Record<LimitRule, Linter.RuleEntry> = {
  'max-lines-per-function': [2, { max: 60 }],
  'max-len': [2, { code: 160, tabWidth: 2 }],
};

test.each(LIMIT_RULES)('every file of src/ is held to %s, none let off', async (rule) => {
  const entries = (await limitsBySourceFile()).filter((entry) => entry.rule === rule);
  expect(entries.length).toBeGreaterThan(100);
  const letOff = entries.filter(({ entry }) => JSON.stringify(entry) !== JSON.stringify(ENFORCED[rule]));
  expect(letOff.map(({ file, entry }) => `${file}: ${JSON.stringify(entry)}`)).toEqual([]);
});
