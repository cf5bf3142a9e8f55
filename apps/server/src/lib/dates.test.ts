import { expect, it } from 'vitest';
import { toIsoString } from './dates.js';

it('writes every stored time as ISO 8601 in UTC', () => {
  expect(toIsoString('2026-11-24T09:05:03.120Z')).toBe('2026-11-24T09:05:03.120Z');
  expect(toIsoString(new Date(Date.UTC(2026, 10, 24, 9, 5, 3, 120)))).toBe('2026-11-24T09:05:03.120Z');
  // Other forms (an offset, no milliseconds, a space) are read and written in the one form.
  expect(toIsoString('2026-11-24T14:05:03+05:00')).toBe('2026-11-24T09:05:03.000Z');
  expect(toIsoString('2026-11-24 09:05:03Z')).toBe('2026-11-24T09:05:03.000Z');
});
