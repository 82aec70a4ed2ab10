/**
 * The size limit holds on the bytes read, not the reported size (`/proc/self/environ` reports 0). One descriptor, so the
 * file cannot be swapped in between; non-blocking, so a FIFO is refused instead of waiting for a writer.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { InputError } from '../errors.js';

const FORM = 'give the path of a UTF-8 text file';

function open(path: string): number {
  try {
    // O_NONBLOCK is not defined on Windows, where FIFOs do not appear in the file system anyway.
    return openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    if (error instanceof Error && Reflect.get(error, 'code') === 'EISDIR') {
      throw new InputError('prompt-file', `'${path}' is not a regular file; ${FORM}.`);
    }
    throw new InputError('prompt-file', `'${path}' does not exist or cannot be read; ${FORM}.`);
  }
}

/** Reads at most `limit + 1` bytes: one more than allowed tells that the file is too large. */
function readBounded(fd: number, limit: number): Buffer | undefined {
  const buffer = Buffer.alloc(limit + 1);
  let length = 0;
  while (length < buffer.length) {
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return length > limit ? undefined : buffer.subarray(0, length);
}

export function readPromptFile(path: string, limit: number): string {
  const fd = open(path);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new InputError('prompt-file', `'${path}' is not a regular file; ${FORM}.`);
    if (stat.size > limit) throw new InputError('prompt-file', `'${path}' is ${stat.size} bytes; the limit is ${limit} bytes.`);
    let bytes: Buffer | undefined;
    try {
      bytes = readBounded(fd, limit);
    } catch {
      throw new InputError('prompt-file', `'${path}' does not exist or cannot be read; ${FORM}.`);
    }
    if (bytes === undefined) throw new InputError('prompt-file', `'${path}' holds more than ${limit} bytes; the limit is ${limit} bytes.`);
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new InputError('prompt-file', `'${path}' is not valid UTF-8 text.`);
    }
    if (content.trim() === '') throw new InputError('prompt-file', `'${path}' is empty; it must hold the prompt text.`);
    return content.trim();
  } finally {
    closeSync(fd);
  }
}
