import path from 'node:path';
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The whole suite runs once per dialect: SQLite always, PostgreSQL always (unreachable means failure). */
export default defineConfig({
  resolve: {
    alias: {
      '@portfolio-master/contract': path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts'),
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        // `*.postgres.test.ts` files test what only PostgreSQL has.
        test: {
          name: 'sqlite',
          exclude: ['src/**/*.postgres.test.ts'],
          provide: { dialect: 'sqlite', postgresUrl },
        },
      },
      { extends: true, test: { name: 'postgres', provide: { dialect: 'postgres', postgresUrl } } },
    ],
  },
});
