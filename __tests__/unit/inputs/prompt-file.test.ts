/**
 * readPromptFile enforces its limit on the bytes it reads, so files whose reported size is not
 * their content (procfs) cannot slip past it, and refuses what is not a regular file without
 * reading or waiting on it.
 */
import { describe, expect, test } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../../../src/errors.js';
import { readPromptFile } from '../../../src/inputs/prompt-file.js';
import { thrownBy } from '../../helpers/thrown.js';

const dir = mkdtempSync(join(tmpdir(), 'prompt-file-'));
const onLinux = existsSync('/proc/self/environ') ? test : test.skip;

function refusal(path: string, limit: number): string {
  return thrownBy(InputError, () => readPromptFile(path, limit), path).message;
}

describe('the limit applies to the bytes read', () => {
  onLinux('a procfs file reports 0 bytes but holds more: refused by what was read', () => {
    expect(statSync('/proc/self/environ').size).toBe(0);
    // This process's environment is far more than 16 bytes.
    expect(refusal('/proc/self/environ', 16)).toBe(
      "Input 'prompt-file': '/proc/self/environ' holds more than 16 bytes; the limit is 16 bytes.",
    );
  });

  onLinux('a procfs file within the limit is read whole', () => {
    expect(readPromptFile('/proc/self/environ', 1024 * 1024)).toContain('PATH=');
  });

  test('exactly the limit is read; one byte more is refused by its reported size', () => {
    const path = join(dir, 'exact.md');
    writeFileSync(path, 'é'.repeat(8));
    expect(readPromptFile(path, 16)).toBe('é'.repeat(8));
    expect(refusal(path, 15)).toBe(`Input 'prompt-file': '${path}' is 16 bytes; the limit is 15 bytes.`);
  });
});

describe('only regular files', () => {
  test('a directory', () => {
    expect(refusal(dir, 1024)).toContain('is not a regular file');
  });

  onLinux('a device is refused without reading it', () => {
    expect(refusal('/dev/zero', 1024)).toContain("'/dev/zero' is not a regular file");
  });

  onLinux('a FIFO without a writer is refused at once instead of blocking the step', () => {
    const fifo = join(dir, 'prompt.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(refusal(fifo, 1024)).toContain('is not a regular file');
  });

  test('a missing file', () => {
    expect(refusal(join(dir, 'missing.md'), 1024)).toContain('does not exist or cannot be read');
  });
});
