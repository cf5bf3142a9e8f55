import { LIST_SORTS } from '@portfolio-master/contract';
import { LOCALE_INFO, type Locale } from '@portfolio-master/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../lib/translators.js';
import { call, createTestContext, signUp, type TestContext } from '../test/app.js';

/*
 * Problems are written in the reader's language: the page's, which the web app names, else the `lang`
 * cookie (or the earlier `script` cookie), else Accept-Language, else Latin Uzbek. Their `code` is the same in every language. Expected words are read
 * from the catalog, so these tests check the choice of language, not the wording.
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const READERS: [how: string, headers: Record<string, string>, locale: Locale][] = [
  ['Accept-Language: ru', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' }, 'ru'],
  ['Accept-Language: en', { 'accept-language': 'en-GB,en;q=0.9' }, 'en'],
  ['Accept-Language: uz-Cyrl', { 'accept-language': 'uz-Cyrl' }, 'uz-Cyrl'],
  ['Accept-Language: uz', { 'accept-language': 'uz,ru;q=0.5' }, 'uz-Latn'],
  ['the lang cookie', { cookie: 'theme=dark; lang=en', 'accept-language': 'ru' }, 'en'],
  [
    'the page the web app names, over the cookie and the browser',
    { 'x-page-language': 'ru', cookie: 'lang=en', 'accept-language': 'uz-UZ' },
    'ru',
  ],
  ['the page in Cyrillic', { 'x-page-language': 'uz-Cyrl', 'accept-language': 'en' }, 'uz-Cyrl'],
  ['a page language the site does not speak', { 'x-page-language': 'de', cookie: 'lang=en' }, 'en'],
  ['the earlier script cookie', { cookie: 'script=cyrl' }, 'uz-Cyrl'],
  ['a language the site does not speak', { 'accept-language': 'de-DE,fr;q=0.8' }, 'uz-Latn'],
  ['nothing', {}, 'uz-Latn'],
];

describe('a problem in the reader’s language', () => {
  it.each(READERS)('follows %s', async (_how, headers, locale) => {
    const { t } = translator(locale);
    const response = await call(context.app, { method: 'GET', url: '/api/user/yo-q-odam', headers });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-language']).toBe(LOCALE_INFO[locale].tag);
    expect(response.json()).toEqual({
      type: 'about:blank#NOT_FOUND',
      title: t('problem.title.notFound'),
      status: 404,
      detail: t('problem.user.notFound'),
      code: 'NOT_FOUND',
    });
  });

  it('writes each language in its own words, and Latin Uzbek for a client that says nothing', async () => {
    const details = new Set<string>();
    for (const [, headers] of READERS) {
      details.add(
        (await call(context.app, { method: 'GET', url: '/api/user/yo-q-odam', headers })).json().detail,
      );
    }
    expect(details.size).toBe(4);
    const plain = await context.app.inject({
      method: 'GET',
      url: '/api/user/yo-q-odam',
      headers: { accept: '*/*' },
    });
    expect(plain.headers['content-type']).toMatch(/^text\/plain/);
    expect(plain.body).toBe('Foydalanuvchi topilmadi');
  });

  it('answers plain text in the reader’s language too', async () => {
    const plain = await context.app.inject({
      method: 'GET',
      url: '/api/user/yo-q-odam',
      headers: { accept: '*/*', 'accept-language': 'ru' },
    });
    expect(plain.body).toBe(translator('ru').t('problem.user.notFound'));
  });

  it('writes the fields’ messages with their limits, and keeps the code', async () => {
    for (const locale of ['ru', 'en', 'uz-Cyrl', 'uz-Latn'] as const) {
      const { t } = translator(locale);
      const response = await call(context.app, {
        method: 'GET',
        url: '/api/portfolio?limit=500&page=0',
        headers: { cookie: `lang=${locale}` },
      });
      expect(response.statusCode).toBe(422);
      const problem = response.json();
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.title).toBe(t('problem.title.invalid'));
      expect(problem.errors).toEqual({
        page: [t('validation.number.tooSmall', { field: 'page', min: 1 })],
        limit: [t('validation.number.tooBig', { field: 'limit', max: 50 })],
      });
      expect(problem.detail).toBe(problem.errors.page[0]);
      expect(problem.errors.limit[0]).toContain('50');
    }
  });

  it('writes a body’s field messages: a contract key, and a check with no message of its own', async () => {
    const { t } = translator('en');
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register/send-verification',
      headers: { 'accept-language': 'en' },
      payload: { email: 'bu-manzil-emas' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [t('validation.email.format')] });

    const sorted = await call(context.app, {
      method: 'GET',
      url: '/api/portfolio?sort=eng-zor',
      headers: { 'accept-language': 'ru' },
    });
    expect(sorted.json().errors.sort).toEqual([
      translator('ru').t('validation.invalidValue', { field: 'sort', values: LIST_SORTS.join(', ') }),
    ]);
    expect(sorted.json().errors.sort[0]).toContain('new, popular, discussed, trending, relevance');
  });

  it('gives a refinement its own numbers: a comment’s limit, not the guard’s', async () => {
    const { t } = translator('ru');
    const writer = await signUp(context);
    const response = await call(context.app, {
      method: 'PUT',
      url: '/api/portfolio/comment/000000000000000000000000',
      headers: { 'accept-language': 'ru', 'x-token': writer.token },
      payload: { body: 'a'.repeat(9000) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.body).toEqual([t('validation.comment.tooLong', { max: 2000 })]);
    expect(response.json().errors.body[0]).toMatch(/2\s000/);
  });

  it('never shows a key in place of words', async () => {
    const answers = await Promise.all(
      [
        { method: 'GET', url: '/api/nowhere' },
        { method: 'GET', url: '/api/portfolio?limit=abc&filter=' + 'x'.repeat(50) },
        { method: 'POST', url: '/api/login', payload: { email: 1, password: ['x'] } },
        {
          method: 'POST',
          url: '/api/login',
          payload: '{"email":',
          headers: { 'content-type': 'application/json' },
        },
        { method: 'GET', url: '/api/user/me/export' },
      ].map((request) =>
        call(context.app, {
          ...(request as Parameters<typeof call>[1]),
          headers: { 'accept-language': 'en', ...request.headers },
        }),
      ),
    );
    for (const answer of answers) {
      const problem = answer.json();
      const words = [problem.title, problem.detail, ...Object.values(problem.errors ?? {}).flat()];
      for (const word of words) expect(word, answer.body).not.toMatch(/^(problem|validation)\.\w/);
      expect(problem.detail, answer.body).not.toMatch(/[‘’]|\b(yoki|emas|kerak)\b/);
    }
  });
});
