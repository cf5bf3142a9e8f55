import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('createQueryClient', () => {
  const defaults = createQueryClient().getDefaultOptions();

  it('keeps unused data for 60 seconds', () => {
    expect(defaults.queries?.gcTime).toBe(60_000);
  });

  it('retries reads up to 5 times with a growing delay, never a 4xx, and never retries writes', () => {
    const retry = defaults.queries?.retry as (count: number, error: unknown) => boolean;
    expect([0, 1, 2, 3, 4].every((count) => retry(count, new ApiError('TIMEOUT_ERROR')))).toBe(true);
    expect(retry(5, new ApiError('TIMEOUT_ERROR'))).toBe(false);
    expect(retry(0, new ApiError('HTTP_ERROR', 403))).toBe(false);
    const delay = defaults.queries?.retryDelay as (attempt: number) => number;
    expect(delay(1)).toBeGreaterThan(delay(0));
    expect(delay(4)).toBeGreaterThan(delay(1));
    expect(defaults.mutations?.retry).toBe(false);
  });
});
