import { BOUNDS } from '@portfolio-master/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { createPagesContext } from '../../test/pages.js';

/** More than the newest portfolios a user's answer carries, so a count of that list would show too few. */
const PORTFOLIOS = BOUNDS.userPortfolios + 5;

let context: TestContext;
let author: TestUser;

beforeAll(async () => {
  context = await createPagesContext();
  author = await signUp(context, { firstname: 'Serqirra' });
  for (let index = 1; index <= PORTFOLIOS; index += 1) {
    const created = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': author.token },
      payload: { title: `Loyiha raqami ${index}`, url: 'https://example.uz', used: ['Go'] },
    });
    expect(created.statusCode).toBe(201);
  }
});
afterAll(() => context?.close());

/** React separates adjacent text with comments in server HTML. */
const text = (html: string) => html.replaceAll('<!-- -->', '');

describe('counts of an author with more portfolios than one answer carries', () => {
  it('the profile says how many portfolios there are, not how many came with the profile', async () => {
    const page = await context.app.inject({ method: 'GET', url: `/profile/${author.username}` });
    expect(page.statusCode).toBe(200);
    expect(text(page.body)).toContain(`Portfoliolari (${PORTFOLIOS})`);
  });

  it('the front page’s people card says the same', async () => {
    const page = await context.app.inject({ method: 'GET', url: '/page/1' });
    expect(page.statusCode).toBe(200);
    const row = new RegExp(`href="/profile/${author.username}"[\\s\\S]*?(\\d+) ta portfolio`).exec(
      text(page.body),
    );
    expect(row?.[1]).toBe(String(PORTFOLIOS));
  });
});
