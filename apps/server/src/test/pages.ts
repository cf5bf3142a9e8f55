import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { call, createTestContext, type TestContext, type TestUser } from './app.js';

/** The built web app the server renders pages with. */
export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** An app that serves the site's pages as well as its API; the web app must have been built. */
export async function createPagesContext(env: Record<string, string> = {}): Promise<TestContext> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: npm run build -w @portfolio-master/web');
  }
  return createTestContext({ WEB_DIST, ...env });
}

/** A portfolio written in Latin Uzbek by `author`, for pages that show one; its linktitle. */
export async function createLibraryPortfolio(context: TestContext, author: TestUser): Promise<string> {
  const created = await call(context.app, {
    method: 'POST',
    url: '/api/portfolio/create',
    headers: { 'x-token': author.token },
    payload: {
      title: 'Yangi kutubxona sayti',
      url: 'https://kutubxona.example.uz',
      used: ['React'],
      description: 'Toshkent kitobxonlari uchun.',
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json().linktitle;
}
