import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestContext, type TestContext } from '../test/app.js';

interface LogLine {
  level: number;
  msg: string;
  err?: { message: string; code?: string };
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
          level: 'warn',
          stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
        },
      },
    );
  });
  afterAll(() => context?.close());

  const list = () => call(context.app, { method: 'GET', url: '/api/portfolio' });

  it('logs an idle connection that the server terminates, and goes on answering', async () => {
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

    const poolErrors = () => lines.filter((line) => line.err?.code === '57P01');
    await vi.waitFor(() => expect(poolErrors()).toHaveLength(terminated), { timeout: 5000 });
    for (const line of poolErrors()) {
      expect(line.level).toBe(40);
      expect(line.err?.message).toMatch(/terminating connection due to administrator command/);
      expect(line.msg).toMatch(/PostgreSQL/);
    }

    for (let attempt = 0; attempt < 3; attempt += 1) expect((await list()).statusCode).toBe(200);
  });
});
