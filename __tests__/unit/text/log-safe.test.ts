import { expect, test } from '@jest/globals';
import { logSafe } from '../../../src/text/log-safe.js';

test('line breaks and control characters are shown escaped, so no new line can start', () => {
  expect(logSafe('active\n::error::x')).toBe('active\\n::error::x');
  expect(logSafe('a\r\nb\tc\u0000d\u2028e')).toBe('a\\r\\nb\\tc\\u0000d\\u2028e');
});

test('the legacy ##[command] form is broken up wherever it appears', () => {
  expect(logSafe('Job j: ##[set-output name=status;]completed ##[add-mask]x')).toBe(
    'Job j: ##\\[set-output name=status;]completed ##\\[add-mask]x',
  );
});

test('ordinary text is unchanged', () => {
  expect(logSafe("Created job job_1 (status 'active'). café ✓ # [x]")).toBe("Created job job_1 (status 'active'). café ✓ # [x]");
});

test('ESC and the C1 controls (CSI included) are shown escaped', () => {
  expect(logSafe('a\u001b[31mb\u009b2Jc\u0085d')).toBe('a\\u001b[31mb\\u009b2Jc\\u0085d');
});

test('escaping twice changes nothing more', () => {
  const hostile = 'x\n##[error]y\u001b\u2028z';
  expect(logSafe(logSafe(hostile))).toBe(logSafe(hostile));
});
