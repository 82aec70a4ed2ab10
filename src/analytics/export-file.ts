/**
 * Streamed while paginating, waiting for the disk when the buffer is full, so memory does not grow with the site. Rows go
 * to a temporary file beside the target, renamed into place only when complete: a failed run never leaves a half-written
 * report where a later step would pick it up. The temporary file has a random name and is created exclusively (`wx`:
 * O_CREAT | O_EXCL, which also refuses a symlink), so nothing planted in the directory can redirect the write; the size
 * cap keeps a service that keeps sending fresh rows from filling the disk.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { rmSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { messageOf } from '../errors.js';
import { counted } from '../text/plural.js';
import type { PageVisitors, VisitorCounts } from '../service/types.js';
import type { AnalyticsWindow } from './settings.js';
import { EXPORT_FORMATS, type ExportFormat, type ExportFormatName } from './export-format.js';
import type { StopPaging } from './paginate.js';

/** 100,000 pages at over 1,300 bytes a row (a real row is well under 200), still small next to a hosted runner's free disk. */
export const MAX_EXPORT_BYTES = 128 * 1024 * 1024;

export interface ExportTarget {
  readonly path: string;
  readonly format: ExportFormatName;
}

/** Listed so a cancelled run removes them before it exits: a cancelled export leaves no `.partial` file behind. */
export class TemporaryFiles {
  private readonly paths = new Set<string>();

  add(path: string): void {
    this.paths.add(path);
  }

  delete(path: string): void {
    this.paths.delete(path);
  }

  get size(): number {
    return this.paths.size;
  }

  /** Removes every file still listed, at once (the process exits right after). */
  removeAll(): void {
    for (const path of this.paths) rmSync(path, { force: true });
    this.paths.clear();
  }
}

export interface ExportFileOptions {
  /** The whole file, header and footer included, stays within this many bytes. */
  readonly maxBytes?: number;
  /** The random part of the temporary file's name (tests pass a known one). */
  readonly randomName?: () => string;
  /** Where the temporary file is listed while it is written (the run's, for cancellation). */
  readonly temporaryFiles?: TemporaryFiles;
}

function describeBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB (${bytes} bytes)` : counted(bytes, 'byte');
}

export class ExportWriter {
  private failure: Error | undefined;
  private rowsWritten = 0;
  private bytesWritten = 0;
  private readonly footerBytes: number;

  private constructor(
    /** Absolute path of the finished file. */
    readonly path: string,
    private readonly temporaryPath: string,
    private readonly stream: WriteStream,
    private readonly format: ExportFormat,
    private readonly maxBytes: number,
    private readonly temporaryFiles: TemporaryFiles | undefined,
  ) {
    this.footerBytes = Buffer.byteLength(format.footer());
    // Without a listener an I/O error would crash the process; it is rethrown by the next write.
    stream.on('error', (error: Error) => {
      this.failure ??= error;
    });
  }

  /** Creates missing directories and opens the temporary file; relative paths resolve against the working directory. */
  static async open(target: ExportTarget, options: ExportFileOptions = {}): Promise<ExportWriter> {
    const path = resolve(target.path);
    const random = options.randomName?.() ?? randomBytes(12).toString('hex');
    const temporaryPath = join(dirname(path), `.${basename(path)}.${random}.partial`);
    try {
      await mkdir(dirname(path), { recursive: true });
      const handle = await open(temporaryPath, 'wx');
      options.temporaryFiles?.add(temporaryPath);
      const stream = handle.createWriteStream({ encoding: 'utf8' });
      return new ExportWriter(
        path,
        temporaryPath,
        stream,
        EXPORT_FORMATS[target.format],
        options.maxBytes ?? MAX_EXPORT_BYTES,
        options.temporaryFiles,
      );
    } catch (error) {
      throw fileError(path, error);
    }
  }

  /** Once, before any rows: the window and the service's totals (JSON) or the header line (CSV). */
  async begin(window: AnalyticsWindow, totals: VisitorCounts): Promise<void> {
    const header = this.format.header(window, totals);
    this.bytesWritten += Buffer.byteLength(header);
    await this.write(header);
  }

  /** Whole rows under the size cap, so the file stays valid; when some did not fit, says how many were kept: the report stops. */
  async writeRows(rows: readonly PageVisitors[]): Promise<StopPaging | undefined> {
    const room = this.maxBytes - this.footerBytes;
    let text = '';
    let kept = 0;
    for (const row of rows) {
      const line = this.format.row(row, this.rowsWritten + kept === 0);
      const size = Buffer.byteLength(line);
      if (this.bytesWritten + size > room) break;
      text += line;
      this.bytesWritten += size;
      kept++;
    }
    this.rowsWritten += kept;
    await this.write(text);
    if (kept === rows.length) return undefined;
    return {
      kept,
      reason: `the export file reached its size limit of ${describeBytes(this.maxBytes)} with ${counted(this.rowsWritten, 'page')}`,
    };
  }

  async finish(): Promise<string> {
    await this.write(this.format.footer());
    return this.commit();
  }

  /** For a document that is not one table of visitors rows (the multi-report JSON writes its own structure, then `commit`s). */
  async writeText(chunk: string): Promise<void> {
    await this.write(chunk);
  }

  /** Closes the file and moves it into place, with no footer. */
  async commit(): Promise<string> {
    await this.close();
    try {
      await rename(this.temporaryPath, this.path);
    } catch (error) {
      throw fileError(this.path, error);
    }
    this.temporaryFiles?.delete(this.temporaryPath);
    return this.path;
  }

  /** Closes and deletes the temporary file; the target is left as it was. */
  async discard(): Promise<void> {
    try {
      await this.close();
    } catch {
      // The write already failed; removing the remains is all that is left to do.
    }
    await rm(this.temporaryPath, { force: true });
    this.temporaryFiles?.delete(this.temporaryPath);
  }

  private async write(chunk: string): Promise<void> {
    if (this.failure) throw fileError(this.path, this.failure);
    if (chunk === '' || this.stream.write(chunk)) return;
    try {
      // `once` rejects if the stream emits 'error' while we wait.
      await once(this.stream, 'drain');
    } catch (error) {
      throw fileError(this.path, error);
    }
  }

  private async close(): Promise<void> {
    if (!this.stream.closed) {
      const closed = once(this.stream, 'close');
      this.stream.end();
      await closed.catch((error: unknown) => {
        this.failure ??= error instanceof Error ? error : new Error(messageOf(error));
      });
    }
    if (this.failure) throw fileError(this.path, this.failure);
  }
}

/** Names the input and the file: Node's own message names only the temporary file. */
function fileError(path: string, error: unknown): Error {
  return new Error(`analytics-file: could not write ${path}: ${messageOf(error)}`, { cause: error });
}
