import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { type StandInGithubApi, startGithubApi } from '../../test/github-api.js';

/*
 * "GitHub’dan olish" (docs/decisions/0052): `POST /api/portfolio/import/github` answers a draft from a
 * public repository through a stand-in of GitHub's API; nothing is saved.
 */

let github: StandInGithubApi;
let context: TestContext;
let user: TestUser;

const importing = (repoUrl: unknown, token: string | undefined = user.token) =>
  call(context.app, {
    method: 'POST',
    url: '/api/portfolio/import/github',
    headers: token ? { 'x-token': token } : {},
    payload: { repoUrl },
  });

beforeAll(async () => {
  github = await startGithubApi();
  context = await createTestContext({ GITHUB_API_URL: github.url, GITHUB_TOKEN: 'ghp_sinov' });
  user = await signUp(context);
});
afterAll(async () => {
  await context.close();
  await github.close();
});
beforeEach(() => {
  github.limitRate(undefined);
  github.budget = 5000;
});

describe('a draft from a public repository', () => {
  it('fills the title, description, addresses and technologies, and saves nothing', async () => {
    github.put('aziz-dev/kutubxona-app', {
      fields: {
        stargazers_count: 42,
        language: 'TypeScript',
        homepage: 'https://kutubxona.uz',
        description: 'Kutubxona',
      },
      topics: ['react', 'nodejs', 'postgresql', 'telegram-bot'],
      languages: { TypeScript: 90_000, CSS: 8_000, JavaScript: 1_500, Dockerfile: 100 },
      readme: [
        '# Kutubxona',
        '',
        '[![CI](https://github.com/aziz-dev/kutubxona-app/actions/workflows/ci.yml/badge.svg)](https://github.com/aziz-dev/kutubxona-app/actions)',
        '<img src="logo.png" alt="logo">',
        '',
        'Maktab kutubxonasi uchun **kitoblar** hisobi: [ijaraga berish](https://kutubxona.uz/docs) va qaytarish.',
        '',
        '```sh',
        'npm start',
        '```',
      ].join('\n'),
    });
    const before = await context.app.services.db
      .selectFrom('portfolios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const response = await importing('https://github.com/aziz-dev/kutubxona-app');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      title: 'Kutubxona app',
      description: 'Maktab kutubxonasi uchun kitoblar hisobi: ijaraga berish va qaytarish.',
      url: 'https://kutubxona.uz/',
      repoUrl: 'https://github.com/aziz-dev/kutubxona-app',
      used: ['TypeScript', 'CSS', 'React', 'Node.js', 'PostgreSQL', 'Telegram bot'],
      stars: 42,
      language: 'TypeScript',
    });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const after = await context.app.services.db
      .selectFrom('portfolios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const readme = github.calls.find((c) => c.path === '/repos/aziz-dev/kutubxona-app/readme');
    expect(readme?.accept).toContain('raw');
    expect(readme?.authorization).toBe('token ghp_sinov');
  });

  it('takes the addresses GitHub’s ways of writing them, and the site’s spelling of technologies', async () => {
    await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': user.token },
      payload: { title: 'Oldingi ish', url: 'https://a.example.uz', used: ['GO', 'rest API'] },
    });
    github.put('Ali/go-api', {
      languages: { Go: 10 },
      topics: ['golang', 'rest-api'],
      readme: 'Oddiy REST API.',
    });
    for (const address of [
      'github.com/Ali/go-api',
      'https://www.github.com/ali/go-api.git',
      'git@github.com:Ali/go-api.git',
      'https://github.com/Ali/go-api/tree/main/src#readme',
    ]) {
      const response = await importing(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.json()).toMatchObject({
        title: 'Go api',
        url: 'https://github.com/Ali/go-api',
        used: ['GO', 'rest API'],
        description: 'Oddiy REST API.',
      });
    }
  });

  it('reads a README sent as base64 JSON, and keeps GitHub’s description when there is no README', async () => {
    github.put('vali/ui', { fields: { description: 'Kichik UI kutubxonasi' } });
    const noReadme = await importing('https://github.com/vali/ui');
    expect(noReadme.json()).toMatchObject({
      title: 'Vali/ui',
      description: 'Kichik UI kutubxonasi',
      used: [],
    });

    github.put('vali/base64-readme', { readme: 'Salom, dunyo!' });
    github.answer(
      '/repos/vali/base64-readme/readme',
      200,
      JSON.stringify({ encoding: 'base64', content: Buffer.from('Salom, dunyo!').toString('base64') }),
    );
    expect((await importing('https://github.com/vali/base64-readme')).json()).toMatchObject({
      description: 'Salom, dunyo!',
    });
  });

  it('reads only the beginning of an enormous README', async () => {
    github.put('vali/katta', { readmeBytes: 50 * 1024 * 1024, languages: {} });
    const started = Date.now();
    const response = await importing('https://github.com/vali/katta');
    expect(response.statusCode).toBe(200);
    const { description } = response.json() as { description: string };
    expect(description.startsWith('Juda uzun README qatori.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(600);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('passes on only http(s) addresses from GitHub’s answer', async () => {
    github.put('vali/xavfli', {
      fields: { html_url: 'javascript:alert(1)', homepage: 'javascript:alert(2)' },
    });
    expect((await importing('https://github.com/vali/xavfli')).json()).toMatchObject({
      url: 'https://github.com/vali/xavfli',
      repoUrl: 'https://github.com/vali/xavfli',
    });
  });

  it('caps technologies at the form’s limit and drops what does not fit', async () => {
    github.put('vali/kop', {
      languages: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`Til${i}`, 1000 - i])),
      topics: ['x'.repeat(45), 'til0', 'vue'],
    });
    const { used } = (await importing('https://github.com/vali/kop')).json() as { used: string[] };
    expect(used).toHaveLength(20);
    expect(new Set(used.map((name) => name.toLowerCase())).size).toBe(20);
  });
});

describe('what is refused', () => {
  it('answers 422 with GITHUB_NOT_FOUND for a private or missing repository', async () => {
    github.put('vali/yopiq', { private: true });
    for (const address of ['https://github.com/vali/yopiq', 'https://github.com/vali/yoq']) {
      const response = await importing(address);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        code: 'GITHUB_NOT_FOUND',
        detail: 'Repozitoriy topilmadi: u yopiq yoki mavjud emas',
        errors: { repoUrl: ['Repozitoriy topilmadi: u yopiq yoki mavjud emas'] },
      });
    }
  });

  it('treats a repository GitHub shows as private (a token that sees it) as not found', async () => {
    github.put('vali/maxfiy', { fields: { private: true } });
    expect((await importing('https://github.com/vali/maxfiy')).json()).toMatchObject({
      code: 'GITHUB_NOT_FOUND',
    });
  });

  it('answers 422 with GITHUB_ADDRESS for what is not a GitHub repository, asking GitHub nothing', async () => {
    const calls = github.calls.length;
    for (const address of [
      'https://gitlab.com/vali/loyiha',
      'https://github.com/vali',
      'https://github.com.evil.uz/vali/loyiha',
      'https://user:parol@github.com/vali/loyiha',
      'https://github.com:8443/vali/loyiha',
      'ftp://github.com/vali/loyiha',
      'javascript:alert(1)',
      'https://github.com/vali/..',
      'https://github.com/-vali/loyiha',
      'salom',
    ]) {
      const response = await importing(address);
      expect(response.statusCode, address).toBe(422);
      expect(response.json().code, address).toBe('GITHUB_ADDRESS');
    }
    expect(github.calls.length).toBe(calls);
  });

  it('refuses hostile bodies with 4xx, never 5xx', async () => {
    const bodies: unknown[] = [
      'x'.repeat(3000),
      '',
      42,
      null,
      ['https://github.com/a/b'],
      { url: 'https://github.com/a/b' },
      'https://github.com/a/b\u0000',
    ];
    for (const repoUrl of bodies) {
      const response = await importing(repoUrl);
      expect(response.statusCode, JSON.stringify(repoUrl).slice(0, 40)).toBe(422);
    }
    for (const payload of ['{"repoUrl":', 'repoUrl=1', '[]']) {
      const response = await call(context.app, {
        method: 'POST',
        url: '/api/portfolio/import/github',
        headers: { 'x-token': user.token, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('answers 503 with Retry-After when GitHub answers with something that is not a repository', async () => {
    for (const [status, body] of [
      [200, '<html>not json</html>'],
      [200, '[1,2,3]'],
      [500, '{}'],
      [401, '{"message":"Bad credentials"}'],
    ] as const) {
      github.answer('/repos/vali/buzuq', status, body);
      const response = await importing('https://github.com/vali/buzuq');
      expect(response.statusCode, body).toBe(503);
      expect(response.json().code).toBe('GITHUB_UNAVAILABLE');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('answers 503 with GitHub’s Retry-After when GitHub’s rate limit is reached (403 or 429)', async () => {
    github.put('vali/loyiha', {});
    github.limitRate({ status: 403, retryAfter: 120 });
    let response = await importing('https://github.com/vali/loyiha');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'GITHUB_RATE_LIMITED' });
    expect(response.headers['retry-after']).toBe('120');

    github.limitRate({ status: 429, resetInSeconds: 300 });
    response = await importing('https://github.com/vali/loyiha');
    expect(response.statusCode).toBe(503);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(299);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(301);
  });

  it('is for signed-in people only, and rate limited per account', async () => {
    expect((await importing('https://github.com/vali/loyiha', '')).statusCode).toBe(401);
    const limited = await createTestContext({ RATE_LIMIT: 'on', GITHUB_API_URL: github.url });
    try {
      const someone = await signUp(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const response = await call(limited.app, {
          method: 'POST',
          url: '/api/portfolio/import/github',
          headers: { 'x-token': someone.token },
          payload: { repoUrl: 'https://gitlab.com/a/b' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('configuration', () => {
  it('reaches GitHub’s API by default, a stand-in when told, and takes a token only if given', () => {
    expect(loadConfig({})).toMatchObject({ githubApiUrl: 'https://api.github.com', githubToken: undefined });
    expect(loadConfig({ GITHUB_API_URL: 'http://127.0.0.1:8080/', GITHUB_TOKEN: 'ghp_x' })).toMatchObject({
      githubApiUrl: 'http://127.0.0.1:8080',
      githubToken: 'ghp_x',
    });
    expect(() => loadConfig({ GITHUB_API_URL: 'ftp://github.com' })).toThrow(/GITHUB_API_URL/);
  });
});
