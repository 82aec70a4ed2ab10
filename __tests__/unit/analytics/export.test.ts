import { describe, expect, test } from '@jest/globals';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ExportWriter, MAX_EXPORT_BYTES } from '../../../src/analytics/export-file.js';
import { CSV_HEADER, EXPORT_FORMATS, csvField } from '../../../src/analytics/export-format.js';
import type { AnalyticsDate } from '../../../src/inputs/dates.js';
import type { PageVisitors } from '../../../src/service/types.js';
import type { AnalyticsWindow } from '../../../src/analytics/settings.js';

const TOTALS = { human: 30, ai: 12, total: 38 };

function date(text: string): AnalyticsDate {
  return { text, epochMs: Date.parse(text), dateOnly: true };
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'analytics-export-'));
}

async function writeExport(path: string, format: 'csv' | 'json', batches: PageVisitors[][], window: AnalyticsWindow = {}): Promise<string> {
  const writer = await ExportWriter.open({ path, format });
  await writer.begin(window, TOTALS);
  for (const batch of batches) await writer.writeRows(batch);
  return writer.finish();
}

describe('csvField (RFC 4180)', () => {
  test.each([
    ['/plain/path', '/plain/path'],
    ['/a,b', '"/a,b"'],
    ['/say "hi"', '"/say ""hi"""'],
    ['/line\nbreak', '"/line\nbreak"'],
    ['/carriage\rreturn', '"/carriage\rreturn"'],
    ['"', '""""'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  test('formula-like cells are left intact (data is not changed; see the comment in export-format.ts)', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe('+1');
    expect(csvField('@user')).toBe('@user');
  });
});

describe('CSV export', () => {
  test('header, one CRLF line per page, fields quoted only when needed', async () => {
    const dir = tempDir();
    const path = await writeExport(join(dir, 'v.csv'), 'csv', [
      [{ path: '/a,b', human: 1, ai: 2, total: 3 }],
      [],
      [
        { path: '/q"uote', human: 4, ai: 0, total: 4 },
        { path: '/nl\nx', human: 0, ai: 5, total: 5 },
      ],
    ]);
    expect(readFileSync(path, 'utf8')).toBe(`${CSV_HEADER}\r\n"/a,b",1,2,3\r\n"/q""uote",4,0,4\r\n"/nl\nx",0,5,5\r\n`);
  });

  test('an empty report is just the header', async () => {
    const path = await writeExport(join(tempDir(), 'v.csv'), 'csv', []);
    expect(readFileSync(path, 'utf8')).toBe('path,human,ai,total\r\n');
  });

  test('a relative path resolves against the working directory, missing directories are created', async () => {
    const dir = tempDir();
    const target = relative(process.cwd(), join(dir, 'nested', 'deeper', 'v.csv'));
    const path = await writeExport(target, 'csv', [[{ path: '/x', human: 1, ai: 1, total: 1 }]]);
    expect(path).toBe(join(dir, 'nested', 'deeper', 'v.csv'));
    expect(readFileSync(path, 'utf8')).toContain('/x,1,1,1');
  });
});

describe('JSON export', () => {
  test('{window, totals, pages} with the pages in service order', async () => {
    const rows = [
      { path: '/a', human: 1, ai: 2, total: 3 },
      { path: '/"quoted"\n', human: 4, ai: 5, total: 6 },
      { path: '/c', human: 7, ai: 8, total: 9 },
    ];
    const path = await writeExport(join(tempDir(), 'v.json'), 'json', [rows.slice(0, 2), [], rows.slice(2)], {
      from: date('2026-01-01'),
      to: date('2026-02-01'),
    });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      window: { from: '2026-01-01', to: '2026-02-01' },
      totals: TOTALS,
      pages: rows,
    });
  });

  test('a window left to the service is written as nulls; no pages is an empty array', async () => {
    const path = await writeExport(join(tempDir(), 'v.json'), 'json', []);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ window: { from: null, to: null }, totals: TOTALS, pages: [] });
  });

  test('a large export written under backpressure is complete and valid', async () => {
    // ~6 MB in 100 writes: far beyond the stream's 16 KiB buffer, so most writes wait for 'drain'.
    const long = '/section/'.padEnd(220, 'x');
    const batches = Array.from({ length: 100 }, (_, batch) =>
      Array.from({ length: 250 }, (_, index) => ({ path: `${long}/${batch}/${index}`, human: index, ai: batch, total: index + batch })),
    );
    const path = await writeExport(join(tempDir(), 'big.json'), 'json', batches);
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { pages: PageVisitors[] };
    expect(parsed.pages).toHaveLength(25_000);
    expect(parsed.pages[24_999]).toEqual({ path: `${long}/99/249`, human: 249, ai: 99, total: 348 });
  });
});

describe('partial files', () => {
  test('nothing appears at the target until finish; discard removes the temporary file and keeps the old one', async () => {
    const dir = tempDir();
    const target = join(dir, 'v.csv');
    writeFileSync(target, 'old report');
    const writer = await ExportWriter.open({ path: target, format: 'csv' });
    await writer.begin({}, TOTALS);
    await writer.writeRows([{ path: '/a', human: 1, ai: 1, total: 1 }]);
    expect(readFileSync(target, 'utf8')).toBe('old report');
    expect(readdirSync(dir)).toHaveLength(2);
    await writer.discard();
    expect(readdirSync(dir)).toEqual(['v.csv']);
    expect(readFileSync(target, 'utf8')).toBe('old report');
  });

  test('a path under a regular file fails at open with the reason', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), '');
    await expect(ExportWriter.open({ path: join(dir, 'file', 'v.csv'), format: 'csv' })).rejects.toThrow(
      new RegExp(`^analytics-file: could not write ${join(dir, 'file', 'v.csv')}: .*(EEXIST|ENOTDIR)`),
    );
  });
});

describe('the temporary file cannot be redirected', () => {
  /** A directory for the export and, beside it, one standing for everything outside it. */
  function dirs(): { work: string; outside: string } {
    const root = tempDir();
    const work = join(root, 'work');
    const outside = join(root, 'outside');
    mkdirSync(work);
    mkdirSync(outside);
    writeFileSync(join(outside, 'precious'), 'do not touch');
    return { work, outside };
  }

  test('symlinks planted at the old predictable name are not followed', async () => {
    const { work, outside } = dirs();
    // The name the temporary file used to have: the target's name and this process's id.
    symlinkSync(join(outside, 'precious'), join(work, `.v.csv.${process.pid}.partial`));
    symlinkSync(join(outside, 'created'), join(work, `.v.json.${process.pid}.partial`));
    const rows = [{ path: '/a', human: 1, ai: 1, total: 1 }];
    await writeExport(join(work, 'v.csv'), 'csv', [rows]);
    await writeExport(join(work, 'v.json'), 'json', [rows]);
    expect(readFileSync(join(outside, 'precious'), 'utf8')).toBe('do not touch');
    expect(readdirSync(outside)).toEqual(['precious']);
    expect(readFileSync(join(work, 'v.csv'), 'utf8')).toBe(`${CSV_HEADER}\r\n/a,1,1,1\r\n`);
    expect(lstatSync(join(work, 'v.csv')).isFile()).toBe(true);
  });

  test('a symlink at a guessed random name makes open fail; nothing is written through it', async () => {
    const { work, outside } = dirs();
    symlinkSync(join(outside, 'precious'), join(work, '.v.csv.guessed.partial'));
    symlinkSync(join(outside, 'created'), join(work, '.v.json.guessed.partial'));
    for (const [name, format] of [
      ['v.csv', 'csv'],
      ['v.json', 'json'],
    ] as const) {
      await expect(ExportWriter.open({ path: join(work, name), format }, { randomName: () => 'guessed' })).rejects.toThrow(
        new RegExp(`^analytics-file: could not write ${join(work, name)}: .*EEXIST`),
      );
    }
    expect(readFileSync(join(outside, 'precious'), 'utf8')).toBe('do not touch');
    expect(readdirSync(outside)).toEqual(['precious']);
    expect(existsSync(join(work, 'v.csv'))).toBe(false);
  });

  test('the name is random: two writers for one target never share a temporary file', async () => {
    const work = tempDir();
    const first = await ExportWriter.open({ path: join(work, 'v.csv'), format: 'csv' });
    const second = await ExportWriter.open({ path: join(work, 'v.csv'), format: 'csv' });
    const partials = readdirSync(work).sort();
    expect(partials).toHaveLength(2);
    for (const name of partials) expect(name).toMatch(/^\.v\.csv\.[0-9a-f]{24}\.partial$/);
    await first.discard();
    await second.discard();
    expect(readdirSync(work)).toEqual([]);
  });
});

describe('size cap', () => {
  const rows = (count: number): PageVisitors[] =>
    Array.from({ length: count }, (_, index) => ({ path: `/page-${index}`, human: index, ai: 1, total: index + 1 }));

  test.each(['csv', 'json'] as const)(
    '%s: whole rows up to the cap, then a stop; the file stays valid and within the cap',
    async (format) => {
      const path = join(tempDir(), `v.${format}`);
      const header = EXPORT_FORMATS[format].header({}, TOTALS);
      const footer = EXPORT_FORMATS[format].footer();
      const sizeOf = (count: number): number =>
        Buffer.byteLength(
          header +
            rows(count)
              .map((row, index) => EXPORT_FORMATS[format].row(row, index === 0))
              .join('') +
            footer,
        );
      // Room for 5 rows and a bit, not for 6.
      const maxBytes = sizeOf(5) + 3;
      const writer = await ExportWriter.open({ path, format }, { maxBytes });
      await writer.begin({}, TOTALS);
      expect(await writer.writeRows(rows(3))).toBeUndefined();
      const stop = await writer.writeRows(rows(6).slice(3));
      expect(stop?.kept).toBe(2);
      expect(stop?.reason).toBe(`the export file reached its size limit of ${maxBytes} bytes with 5 pages`);
      await writer.finish();
      expect(statSync(path).size).toBe(sizeOf(5));
      expect(statSync(path).size).toBeLessThanOrEqual(maxBytes);
      const text = readFileSync(path, 'utf8');
      if (format === 'json') expect((JSON.parse(text) as { pages: PageVisitors[] }).pages).toEqual(rows(5));
      else
        expect(text).toBe(
          `${CSV_HEADER}\r\n${rows(5)
            .map((row) => `${row.path},${row.human},${row.ai},${row.total}\r\n`)
            .join('')}`,
        );
    },
  );

  test('rows that fill the cap exactly are all kept', async () => {
    const header = EXPORT_FORMATS.csv.header({}, TOTALS);
    const body = rows(4)
      .map((row) => EXPORT_FORMATS.csv.row(row, false))
      .join('');
    const writer = await ExportWriter.open(
      { path: join(tempDir(), 'v.csv'), format: 'csv' },
      { maxBytes: Buffer.byteLength(header + body) },
    );
    await writer.begin({}, TOTALS);
    expect(await writer.writeRows(rows(4))).toBeUndefined();
    expect(await writer.writeRows(rows(5).slice(4))).toEqual({
      kept: 0,
      reason: `the export file reached its size limit of ${Buffer.byteLength(header + body)} bytes with 4 pages`,
    });
    await writer.finish();
  });

  test('the default cap is 128 MiB and holds 100,000 realistic pages several times over', () => {
    expect(MAX_EXPORT_BYTES).toBe(128 * 1024 * 1024);
    const page = {
      path: '/api-reference/endpoint/organizations/projects/create-preview-deployment',
      human: 123_456,
      ai: 65_432,
      total: 150_000,
    };
    for (const format of ['csv', 'json'] as const) {
      const rowBytes = Buffer.byteLength(EXPORT_FORMATS[format].row(page, false));
      expect(100_000 * rowBytes * 4).toBeLessThan(MAX_EXPORT_BYTES);
    }
  });
});
