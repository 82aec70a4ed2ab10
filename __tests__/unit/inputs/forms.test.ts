import { describe, expect, test } from '@jest/globals';
import { parseBaseUrl } from '../../../src/inputs/base-url.js';
import { parseAnalyticsDate } from '../../../src/inputs/dates.js';
import { formatDuration, parseDuration } from '../../../src/inputs/duration.js';

describe('parseDuration', () => {
  test.each([
    ['500ms', 500],
    ['5', 5000],
    ['5s', 5000],
    ['1.5m', 90_000],
    ['2m', 120_000],
    ['1h', 3_600_000],
    ['.5s', 500],
    ['10 S', 10_000],
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  test.each(['', '-5s', '5 minutes', '1d', 's', '1e3', 'NaN', '5ss', '1.2.3s'])('rejects %p', (text) => {
    expect(parseDuration(text)).toBeUndefined();
  });

  test('formats durations for people', () => {
    expect(formatDuration(250)).toBe('250ms');
    expect(formatDuration(65_000)).toBe('1m 5s');
    expect(formatDuration(3_600_000 + 2000)).toBe('1h 2s');
  });
});

describe('parseAnalyticsDate', () => {
  test('accepts date-only and ISO date-times', () => {
    expect(parseAnalyticsDate('2026-02-28')).toEqual({ text: '2026-02-28', epochMs: Date.UTC(2026, 1, 28), dateOnly: true });
    expect(parseAnalyticsDate('2024-02-29')?.dateOnly).toBe(true);
    expect(parseAnalyticsDate('2026-01-31T12:30:00Z')?.epochMs).toBe(Date.UTC(2026, 0, 31, 12, 30));
    expect(parseAnalyticsDate('2026-01-31T12:30:00.123+02:00')?.epochMs).toBe(Date.UTC(2026, 0, 31, 10, 30, 0, 123));
  });

  test.each([
    '2026-02-29',
    '2026-13-01',
    '2026-04-31',
    '2026-00-10',
    '26-01-01',
    '2026/01/01',
    'yesterday',
    '2026-01-01T25:00:00Z',
    '2026-01-01T10:00',
  ])('rejects %p', (text) => {
    expect(parseAnalyticsDate(text)).toBeUndefined();
  });
});

describe('parseBaseUrl', () => {
  test('accepts https and loopback http, drops the trailing slash', () => {
    const ok = parseBaseUrl('https://api.mintlify.com/');
    expect('url' in ok && ok.url.href).toBe('https://api.mintlify.com/');
    const loopback = parseBaseUrl('http://127.0.0.1:8080/prefix/');
    expect('url' in loopback && loopback.url.pathname).toBe('/prefix');
    expect('url' in parseBaseUrl('http://[::1]:9000')).toBe(true);
    expect('url' in parseBaseUrl('http://localhost:9000')).toBe(true);
  });

  test.each([
    ['not a url', 'is not a URL'],
    ['http://api.mintlify.com', 'must use https'],
    ['http://127.0.0.1.evil.com', 'must use https'],
    ['https://user:pw@api.mintlify.com', 'credentials'],
    ['https://api.mintlify.com?x=1', 'query'],
    ['https://api.mintlify.com#frag', 'query or fragment'],
    ['ftp://api.mintlify.com', 'unsupported scheme'],
  ])('rejects %p', (text, reason) => {
    const result = parseBaseUrl(text);
    expect('reason' in result && result.reason).toContain(reason);
  });
});
