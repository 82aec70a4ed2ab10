/**
 * One JSON document, one key per report, streamed through the visitors export's temporary-file writer (memory flat on a
 * 100,000-page site) and moved into place only when complete.
 *
 *   {"window":{"from":…,"to":…},
 *   "visitors":{"totals":{…},"pages":[
 *   {"path":…,"human":…,"ai":…,"total":…},
 *   …
 *   ],"requests":5,"complete":true},
 *   "feedback":{"pages":[…],"pagesHaveMore":false,"entries":[…],"requests":3,"complete":true},
 *   "assistant":{"web":…,"api":…,"other":…,"total":…,"requests":1,"complete":true}}
 *
 * A failed report still gets its key, with `error` and the rows before the failure. A feedback entry has no `contact` to
 * write. Rows past MAX_EXPORT_BYTES are not written, and the report that sent them stops paging, as incomplete.
 */
import { messageOf } from '../errors.js';
import type { ReportName } from './report-names.js';
import type { AnalyticsWindow } from './settings.js';
import { ExportWriter, MAX_EXPORT_BYTES, type ExportFileOptions, type ExportTarget } from './export-file.js';
import { exportFull } from './messages.js';
import type { StopPaging } from './paginate.js';

/** Kept free for what closes the document: each report's last fields and the feedback report's rated pages (at most 100 rows). */
const CLOSING_RESERVE_BYTES = 64 * 1024;

/** Writing the file failed: unlike a report's failure, this ends the analytics phase. */
export class ExportFailure extends Error {
  override readonly name = 'ExportFailure';
}

/** Fields of a JSON object without its braces: `"a":1,"b":[2]`. */
function members(fields: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(fields).slice(1, -1);
}

export class HealthExport {
  private open: { readonly name: ReportName; rows: number } | undefined;
  private bytes = 0;
  private full = false;

  private constructor(
    private readonly writer: ExportWriter,
    private readonly maxBytes: number,
  ) {}

  get path(): string {
    return this.writer.path;
  }

  static async open(target: ExportTarget, window: AnalyticsWindow, options: ExportFileOptions = {}): Promise<HealthExport> {
    const writer = await guard(() => ExportWriter.open(target, options));
    const health = new HealthExport(writer, options.maxBytes ?? MAX_EXPORT_BYTES);
    await health.text(`{${members({ window: { from: window.from?.text ?? null, to: window.to?.text ?? null } })}`);
    return health;
  }

  /** Opens a report's key with `head` fields and a list `listKey` that `rows` fills. */
  async begin(name: ReportName, head: Readonly<Record<string, unknown>>, listKey: string): Promise<void> {
    const fields = members(head);
    await this.text(`,\n${JSON.stringify(name)}:{${fields}${fields === '' ? '' : ','}${JSON.stringify(listKey)}:[`);
    this.open = { name, rows: 0 };
  }

  /** As many rows as fit under the cap; when some do not, the report stops there, and so do the rows of every later report. */
  async rows(rows: readonly object[]): Promise<StopPaging | undefined> {
    const open = this.open;
    if (open === undefined || rows.length === 0) return undefined;
    const room = this.maxBytes - CLOSING_RESERVE_BYTES;
    let text = '';
    let size = 0;
    let kept = 0;
    for (const row of this.full ? [] : rows) {
      const line = `${open.rows + kept === 0 ? '' : ','}\n${JSON.stringify(row)}`;
      const lineSize = Buffer.byteLength(line);
      if (this.bytes + size + lineSize > room) {
        this.full = true;
        break;
      }
      text += line;
      size += lineSize;
      kept++;
    }
    open.rows += kept;
    await this.text(text);
    if (kept === rows.length) return undefined;
    return { kept, reason: exportFull(this.maxBytes, open.rows) };
  }

  /** Closes the report's key with `tail` fields; a report whose key was never opened gets them alone. */
  async end(name: ReportName, tail: Readonly<Record<string, unknown>>): Promise<void> {
    const fields = members(tail);
    if (this.open?.name === name) {
      this.open = undefined;
      await this.text(`\n]${fields === '' ? '' : ','}${fields}}`);
    } else {
      await this.text(`,\n${JSON.stringify(name)}:{${fields}}`);
    }
  }

  async finish(): Promise<string> {
    await this.text('\n}\n');
    return guard(() => this.writer.commit());
  }

  async discard(): Promise<void> {
    await this.writer.discard();
  }

  private text(chunk: string): Promise<void> {
    this.bytes += Buffer.byteLength(chunk);
    return guard(() => this.writer.writeText(chunk));
  }
}

async function guard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw new ExportFailure(messageOf(error), { cause: error });
  }
}
