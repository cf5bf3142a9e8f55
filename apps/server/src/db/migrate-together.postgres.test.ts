import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestContext, type TestContext } from '../test/app.js';
import { createTestDatabase } from '../test/database.js';
import { migrationProvider } from './migrator.js';

// PostgreSQL only (see vitest.config.ts): several instances share one server.
let context: TestContext | undefined;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await context?.close();
});

it('runs each migration once when several instances start on an empty database at once', async () => {
  context = await createTestContext();
  // The context's own database is migrated already: four instances start on a new one at the same moment.
  const empty = await createTestDatabase();
  const config = { ...context.config, database: { dialect: 'postgres' as const, url: empty.url } };
  try {
    apps.push(...(await Promise.all(Array.from({ length: 4 }, () => buildApp(config, { logger: false })))));
    const { db } = apps[0]!.services;
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const known = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(ran.rows.map((row) => row.name)).toEqual(known);
    for (const app of apps) {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json().checks.migrations).toBe('ok');
    }
  } finally {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await empty.drop();
  }
});
