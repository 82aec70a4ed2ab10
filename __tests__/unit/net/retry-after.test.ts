/**
 * `Retry-After` is read as RFC 9110 defines it: delay-seconds (digits only) or an HTTP-date in one of
 * its three forms. Anything else is ignored, and the normal backoff applies.
 */
import { afterEach, expect, test } from '@jest/globals';
import { parseRetryAfter } from '../../../src/net/transport.js';

const NOW = Date.UTC(1994, 10, 6, 8, 49, 0);
const savedTz = process.env['TZ'];

afterEach(() => {
  if (savedTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedTz;
});

test('delay-seconds: digits only', () => {
  expect(parseRetryAfter('120', NOW)).toBe(120_000);
  expect(parseRetryAfter('0', NOW)).toBe(0);
  expect(parseRetryAfter(' 7 ', NOW)).toBe(7000);
});

test.each(['-5', '2, 3', '1.5', '+5', '1e3', '0x10', '5 s', 'soon', '', 'Sun, 06 Nov', '06 Nov 1994 08:49:37 GMT'])(
  '%j is not a Retry-After value: ignored',
  (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  },
);

test('no header, no value', () => {
  expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
});

test.each([
  ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
  ['obsolete RFC 850 form', 'Sunday, 06-Nov-94 08:49:37 GMT'],
  ['obsolete asctime form', 'Sun Nov  6 08:49:37 1994'],
])('an HTTP-date in the %s is the time until then', (_form, value) => {
  expect(parseRetryAfter(value, NOW)).toBe(37_000);
});

test('an asctime date is GMT whatever the runner’s time zone', () => {
  process.env['TZ'] = 'America/New_York';
  expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', NOW)).toBe(37_000);
});

test('a date in the past means now', () => {
  expect(parseRetryAfter('Sun, 06 Nov 1994 08:00:00 GMT', NOW)).toBe(0);
});
