import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import { ApiError, errorMessage, request } from './api-client';
import { setToken } from './auth-token';
import { shouldRetryRead } from './query-client';
import { t } from '../test/translators';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a failure');
}

describe('api client error kinds', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('FETCH_ERROR when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(request('/x'));
    expect(error.kind).toBe('FETCH_ERROR');
    expect(errorMessage(t, error)).toBe(t('errors.fetch'));
  });

  it('TIMEOUT_ERROR when the server does not answer in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const error = await failure(request('/x', { timeoutMs: 10 }));
    expect(error.kind).toBe('TIMEOUT_ERROR');
    expect(errorMessage(t, error)).toBe(t('errors.timeout'));
  });

  it('PARSING_ERROR when a 2xx body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    const error = await failure(request('/x'));
    expect(error.kind).toBe('PARSING_ERROR');
    expect(errorMessage(t, error)).toBe(t('errors.parsing'));
  });

  it('HTTP_ERROR with the status, the problem detail and the field messages', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Unprocessable',
      status: 422,
      detail: 'Ma’lumotlar noto‘g‘ri',
      code: 'VALIDATION_FAILED',
      errors: { title: ['Sarlavha kamida 3 belgi bo‘lsin'] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(problem, 422)),
    );
    const error = await failure(request('/x', { method: 'POST', body: {} }));
    expect(error.kind).toBe('HTTP_ERROR');
    expect(error.status).toBe(422);
    expect(error.fieldErrors.title).toEqual(['Sarlavha kamida 3 belgi bo‘lsin']);
    expect(errorMessage(t, error)).toBe('Ma’lumotlar noto‘g‘ri');
  });

  it('an HTTP status without a problem document still reads as a sentence, a known one as its own', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    const error = await failure(request('/x'));
    expect(error.status).toBe(503);
    expect(errorMessage(t, error)).toBe(t('errors.http', { status: 503 }));
    expect(errorMessage(t, error)).toContain('503');
    expect(errorMessage(t, new ApiError('HTTP_ERROR', 404))).toBe(t('errors.notFound'));
  });

  it('sends the stored token as x-token and asks for JSON', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(true));
    vi.stubGlobal('fetch', fetchMock);
    setToken('abc');
    await request('/verify-token', { method: 'POST' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ 'x-token': 'abc', Accept: 'application/json' });
    setToken(null);
  });

  it('names the page’s language, so the API’s refusals and mails speak it', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(true));
    vi.stubGlobal('fetch', fetchMock);
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'ru';
      await request('/send-verification', { method: 'POST', body: { email: 'a@b.uz' } });
      document.documentElement.lang = 'uz-Cyrl';
      await request('/portfolio');
      const sent = fetchMock.mock.calls.map(
        (call) =>
          ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
            'x-page-language'
          ],
      );
      expect(sent).toEqual(['ru', 'uz-Cyrl']);
    } finally {
      document.documentElement.lang = before;
    }
  });
});

describe('read retries', () => {
  it('retries network and server errors up to 5 times, never a 4xx', () => {
    expect(shouldRetryRead(0, new ApiError('FETCH_ERROR'))).toBe(true);
    expect(shouldRetryRead(4, new ApiError('HTTP_ERROR', 503))).toBe(true);
    expect(shouldRetryRead(5, new ApiError('HTTP_ERROR', 503))).toBe(false);
    expect(shouldRetryRead(0, new ApiError('HTTP_ERROR', 404))).toBe(false);
    expect(shouldRetryRead(0, new ApiError('HTTP_ERROR', 429))).toBe(false);
  });
});
