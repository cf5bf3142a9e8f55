import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test/bot-api.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { type StandInGithubApi, startGithubApi } from '../../test/github-api.js';

/*
 * Stars and main language of published portfolios' GitHub repositories (docs/decisions/0052): checked in
 * the background by one worker, at most daily, within GitHub's rate limit; pages only read what it wrote.
 */

let github: StandInGithubApi;
let context: TestContext;
let user: TestUser;

const create = async (title: string, repoUrl: string) => {
  const response = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': user.token },
    payload: { title, url: 'https://ish.example.uz', repoUrl, used: ['Go'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; linktitle: string; github?: unknown };
};
const read = async (id: string) =>
  (await call(context.app, { method: 'GET', url: `/api/portfolio/${id}` })).json() as {
    github?: { stars: number; language: string | null };
  };
const dueAt = async (id: string) => {
  const row = await context.app.services.db
    .selectFrom('portfolios')
    .select('github_due_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.github_due_at === null ? null : new Date(row.github_due_at).getTime();
};
const repositoryCalls = (fullName: string) =>
  github.calls.filter((entry) => entry.path === `/repos/${fullName}`).length;

beforeAll(async () => {
  github = await startGithubApi();
  context = await createTestContext(
    { GITHUB_API_URL: github.url },
    { githubRefresh: { idleMs: 25, spacingMs: 0, retryMs: 60_000 } },
  );
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

describe('the background refresh', () => {
  it('shows a new portfolio’s stars and language once checked, on its page and its card, then daily', async () => {
    github.put('aziz/yulduz', { fields: { stargazers_count: 7, language: 'Go' } });
    const created = await create('Yulduzli ish', 'https://github.com/aziz/yulduz');
    expect(created.github).toBeUndefined();
    await eventually(async () => (await read(created._id)).github !== undefined);
    expect((await read(created._id)).github).toEqual({ stars: 7, language: 'Go' });
    const page = (await call(context.app, { method: 'GET', url: '/api/portfolio?page=1' })).json() as {
      items: { _id: string; github?: unknown }[];
    };
    expect(page.items.find((item) => item._id === created._id)?.github).toEqual({ stars: 7, language: 'Go' });

    // Checked once: due again a day later, whatever GitHub says meanwhile.
    const due = await dueAt(created._id);
    expect(due! - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
    github.put('aziz/yulduz', { fields: { stargazers_count: 8, language: 'Go' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(repositoryCalls('aziz/yulduz')).toBe(1);
    expect((await read(created._id)).github?.stars).toBe(7);

    // Due again: the next round sees the new count, and the cached page follows.
    await context.app.services.db
      .updateTable('portfolios')
      .set({ github_due_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', created._id)
      .execute();
    await eventually(async () => (await read(created._id)).github?.stars === 8);
  });

  it('shows nothing for a private or missing repository, nor for an address elsewhere', async () => {
    github.put('aziz/yopiq', { private: true });
    const hidden = await create('Yopiq ish', 'https://github.com/aziz/yopiq');
    const missing = await create('Yo‘q ish', 'https://github.com/aziz/yoq');
    const elsewhere = await create('Boshqa joy', 'https://gitlab.com/aziz/ish');
    await eventually(
      async () => (await dueAt(hidden._id))! > Date.now() && (await dueAt(missing._id))! > Date.now(),
    );
    expect((await read(hidden._id)).github).toBeUndefined();
    expect((await read(missing._id)).github).toBeUndefined();
    expect(await dueAt(elsewhere._id)).toBeNull();
  });

  it('forgets the old repository’s stars when the address changes, and checks the new one', async () => {
    github.put('aziz/birinchi', { fields: { stargazers_count: 100, language: 'Rust' } });
    github.put('aziz/ikkinchi', { fields: { stargazers_count: 3, language: null } });
    const created = await create('Ko‘chgan ish', 'https://github.com/aziz/birinchi');
    await eventually(async () => (await read(created._id)).github?.stars === 100);
    const updated = await call(context.app, {
      method: 'PUT',
      url: `/api/portfolio/update/${created._id}`,
      headers: { 'x-token': user.token },
      payload: { repoUrl: 'https://github.com/aziz/ikkinchi' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    await eventually(async () => (await read(created._id)).github?.stars === 3);
    expect((await read(created._id)).github).toEqual({ stars: 3, language: null });
  });

  it('waits for GitHub’s reset when its rate limit is reached, and asks nothing meanwhile', async () => {
    github.put('aziz/cheklangan', { fields: { stargazers_count: 5 } });
    github.limitRate({ status: 429, retryAfter: 3600 });
    const before = repositoryCalls('aziz/cheklangan');
    const created = await create('Cheklangan', 'https://github.com/aziz/cheklangan');
    await eventually(() => repositoryCalls('aziz/cheklangan') === before + 1);
    github.limitRate(undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repositoryCalls('aziz/cheklangan')).toBe(before + 1);
    expect((await read(created._id)).github).toBeUndefined();
    expect(await dueAt(created._id)).toBeLessThanOrEqual(Date.now());
  });
});

describe('GitHub’s budget', () => {
  it('stops checking when the requests left fall to the reserve kept for people’s drafts', async () => {
    const own = await createTestContext(
      { GITHUB_API_URL: github.url },
      { githubRefresh: { idleMs: 25, spacingMs: 0, reserve: 10 } },
    );
    try {
      const someone = await signUp(own);
      const lease = () =>
        own.app.services.db.selectFrom('leases').select('name').where('name', '=', 'github-repos').execute();
      // Nothing to check: the worker holds no lease and asks GitHub nothing.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await lease()).toEqual([]);
      github.put('aziz/zaxira', { fields: { stargazers_count: 1 } });
      github.budget = 12;
      for (const n of [1, 2, 3]) {
        const response = await call(own.app, {
          method: 'POST',
          url: '/api/portfolio/create',
          headers: { 'x-token': someone.token },
          payload: {
            title: `Zaxira ${n}`,
            url: 'https://z.example.uz',
            repoUrl: 'https://github.com/aziz/zaxira',
            used: ['Go'],
          },
        });
        expect(response.statusCode).toBe(201);
      }
      // Two checks leave 10 requests: the third portfolio waits for GitHub's reset.
      await eventually(() => repositoryCalls('aziz/zaxira') >= 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(repositoryCalls('aziz/zaxira')).toBe(2);
      expect(github.budget).toBe(10);
      expect(await lease()).toEqual([{ name: 'github-repos' }]);
    } finally {
      await own.close();
    }
  });
});
