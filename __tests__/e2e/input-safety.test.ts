/**
 * End to end: inputs that would send a secret as the prompt, change the endpoint, or fail only
 * once a request is under way are refused by the bundle before it sends anything.
 */
import { describe, expect, test } from '@jest/globals';
import { existsSync } from 'node:fs';
import { serviceInputs, useEmulator } from '../helpers/emulator-fixture.js';
import { errorLines, runAction, visible, type ActionRun } from '../helpers/run-action.js';

const emulator = useEmulator();
const onLinux = existsSync('/proc/self/environ') ? test : test.skip;

function run(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({ inputs: serviceInputs(emulator(), { prompt: 'Document the widgets endpoint', ...inputs }), env });
}

/** One error naming the input, nothing sent, nothing that quotes `secret`. */
function expectRefusedBeforeAnyRequest(result: ActionRun, text: string, secret: string): void {
  const errors = errorLines(result);
  expect(errors).toHaveLength(1);
  expect(errors[0]).toContain(text);
  expect(result.exitCode).toBe(1);
  expect(emulator().requests).toEqual([]);
  expect(visible(result)).not.toContain(secret);
}

describe('prompt-file: /proc/self/environ', () => {
  onLinux('holds the key (INPUT_API-KEY): refused, the environment is not sent', async () => {
    const result = await run({ prompt: '', 'prompt-file': '/proc/self/environ' });
    expectRefusedBeforeAnyRequest(
      result,
      "Input 'prompt-file': the prompt contains the value of 'api-key', so it was not sent",
      emulator().apiKey,
    );
  });

  onLinux('reports 0 bytes but holds more than the limit: refused on the bytes read', async () => {
    // Three variables of 100 KiB: one variable may not exceed 128 KiB.
    const padding = Object.fromEntries([1, 2, 3].map((n) => [`PADDING_${n}`, 'x'.repeat(100 * 1024)]));
    const result = await run({ prompt: '', 'prompt-file': '/proc/self/environ' }, padding);
    expectRefusedBeforeAnyRequest(
      result,
      "Input 'prompt-file': '/proc/self/environ' holds more than 262144 bytes; the limit is 262144 bytes.",
      emulator().apiKey,
    );
  });
});

test('an inline prompt that holds the key is refused', async () => {
  const key = emulator().apiKey;
  const result = await run({ prompt: `Call the API with ${key}` });
  expectRefusedBeforeAnyRequest(result, "Input 'prompt': the prompt contains the value of 'api-key', so it was not sent", key);
});

test('an API key with an invisible character pasted in: an input error, not a request that "may have acted"', async () => {
  const key = `${emulator().apiKey}\u200b`;
  const result = await run({ 'api-key': key });
  expectRefusedBeforeAnyRequest(result, "Input 'api-key': contains U+200B (zero-width space)", emulator().apiKey);
  expect(errorLines(result)[0]).not.toContain('may have acted');
});

test.each(['..', '.', '%2e%2e', 'proj/../other'])('project-id %p is refused before it can change the endpoint', async (id) => {
  const result = await run({ 'project-id': id });
  expectRefusedBeforeAnyRequest(result, "Input 'project-id':", emulator().apiKey);
});

test.each(['..', '.%2E'])('job-id %p is refused before it can change the endpoint', async (id) => {
  const result = await run({ 'job-id': id, prompt: '' });
  expectRefusedBeforeAnyRequest(result, "Input 'job-id':", emulator().apiKey);
});
