import path from 'node:path';
import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The whole suite runs once per dialect: SQLite always, PostgreSQL always (unreachable means failure). */
const alias = {
  '@portfolio-master/contract': path.resolve(import.meta.dirname, '../../packages/contract/src/index.ts'),
};

export default defineConfig({
  resolve: { alias },
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
      {
        // The suites of what reads and writes images again, with the images in a bucket (s3rver). Not
        // `extends`: it would add these files to the root's `include` rather than replace it.
        resolve: { alias },
        test: {
          name: 's3',
          include: [
            'src/modules/images/images.test.ts',
            'src/modules/og/og.test.ts',
            'src/modules/embed/embed.test.ts',
            'src/modules/portfolios/portfolios-create.test.ts',
            'src/modules/portfolios/portfolios-write.test.ts',
            'src/modules/users/*.test.ts',
            'src/modules/account/*.test.ts',
          ],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          provide: { dialect: 'postgres', postgresUrl, storage: 's3' },
        },
      },
    ],
  },
});
