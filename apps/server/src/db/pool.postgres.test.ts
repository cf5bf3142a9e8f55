import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestContext, type TestContext } from '../test/app.js';

interface LogLine {
  level: number;
  msg: string;
  part?: string;
  code?: string;
}

// Only PostgreSQL has a connection pool (SQLite is one embedded connection): this file runs in the
// postgres project alone (see vitest.config.ts).
describe('the PostgreSQL connection pool', () => {
  let context: TestContext;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    context = await createTestContext(
      {},
      {
        logger: {
          level: 'info',
          stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
        },
      },
    );
  });
  afterAll(() => context?.close());

  const list = () => call(context.app, { method: 'GET', url: '/api/portfolio' });

  it('never compiles statements to machine code (JIT): they are all short', async () => {
    const { db } = context.app.services;
    const result = await sql<{ jit: string }>`show jit`.execute(db);
    expect(result.rows).toEqual([{ jit: 'off' }]);
  });

  it('logs connections the server terminates once, and goes on answering', async () => {
    expect((await list()).statusCode).toBe(200);

    const admin = new pg.Client({ connectionString: context.database.url });
    await admin.connect();
    let terminated: number;
    try {
      const result = await admin.query<{ terminated: boolean }>(
        `select pg_terminate_backend(pid) as terminated from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      terminated = result.rows.filter((row) => row.terminated).length;
    } finally {
      await admin.end();
    }
    expect(terminated).toBeGreaterThan(0);

    // One line for them all, and one when the database answers again (see lib/outages.ts).
    const database = () => lines.filter((line) => line.part === 'database');
    await vi.waitFor(() => expect(database()).toHaveLength(2), { timeout: 5000 });
    const [down, back] = database();
    expect(down).toMatchObject({ level: 50, code: '57P01' });
    expect(down!.msg).toMatch(/terminating connection due to administrator command/);
    expect(back!.msg).toMatch(/database available again/);

    for (let attempt = 0; attempt < 3; attempt += 1) expect((await list()).statusCode).toBe(200);
  });
});
