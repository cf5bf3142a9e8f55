import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../../..');
const source = import.meta.dirname;
const eslint = new ESLint({ cwd: repository });

/** The rules ESLint reports for `code` written in `file` (a path relative to apps/server/src). */
async function rulesBroken(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(source, file) });
  return result!.messages.map((message) => message.ruleId);
}

describe('the server’s layers', () => {
  it('refuses an import against the direction, type-only ones too', async () => {
    const upward = [
      ['lib/x.ts', "export { loadConfig } from '../config.js';"],
      ['config.ts', "export { ImageBucket } from './modules/images/bucket.js';"],
      ['db/x.ts', "export { findUserById } from '../data/users.repository.js';"],
      ['data/x.ts', "export type { UsersService } from '../modules/users/users.service.js';"],
      ['modules/users/x.ts', "export { userRoutes } from './users.routes.js';"],
      ['modules/users/x.ts', "export { currentAuth } from '../../plugins/authentication.js';"],
      ['plugins/x.ts', "export type { AuthService } from '../modules/auth/auth.service.js';"],
      ['modules/users/x.routes.ts', "export type { AppServices } from '../../app/services.js';"],
      ['modules/users/x.ts', "export { seedDemo } from '../../seed/demo.js';"],
      ['seed/x.ts', "export { readDump } from '../import/dump.js';"],
      ['lib/x.ts', "export { createTestContext } from '../test/app.js';"],
      ['db/migrations/x.ts', "export { newId } from '../../lib/ids.js';"],
    ];
    for (const [file, code] of upward) {
      expect(await rulesBroken(file!, code!), file).toEqual(['import-x/no-restricted-paths']);
    }
  });

  it('lets a feature’s services use only the features below it', async () => {
    expect(
      await rulesBroken(
        'modules/users/x.ts',
        "export type { PortfoliosService } from '../portfolios/portfolios.service.js';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken('modules/auth/x.ts', "export { LikesService } from '../likes/likes.service.js';"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(
        'modules/portfolios/x.ts',
        "export type { CommentsService } from '../comments/comments.service.js';",
      ),
    ).toEqual([]);
  });

  it('lets imports point down, and tests import anything', async () => {
    const downward = [
      [
        'modules/comments/x.routes.ts',
        "export type { PortfoliosService } from '../portfolios/portfolios.service.js';",
      ],
      ['modules/users/x.ts', "export { findUserById } from '../../data/users.repository.js';"],
      ['plugins/x.ts', "export type { Authenticated } from '../data/auth.repository.js';"],
      ['app/x.ts', "export { seedDemo } from '../seed/demo.js';"],
      ['scripts/x.ts', "export { buildApp } from '../app.js';"],
      ['lib/x.test.ts', "export { buildApp } from '../app.js';"],
    ];
    for (const [file, code] of downward) expect(await rulesBroken(file!, code!), file).toEqual([]);
  });

  it('keeps tools/ outside: the server never imports them, and they import only its exports', async () => {
    expect(
      await rulesBroken('lib/x.ts', "export { pick } from '../../../../tools/bench/src/bench-writes.js';"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await rulesBroken(
        '../../../tools/bench/src/x.ts',
        "export { loadConfig } from '../../../apps/server/src/config.js';",
      ),
    ).toEqual(['import-x/no-relative-packages']);
    expect(
      await rulesBroken(
        '../../../tools/bench/src/x.ts',
        "export { seedBulk } from '@portfolio-master/server/seed/bulk';",
      ),
    ).toEqual([]);
  });

  it('refuses what it cannot resolve', async () => {
    expect(await rulesBroken('lib/x.ts', "export { nothing } from './not-there.js';")).toEqual([
      'import-x/no-unresolved',
    ]);
  });

  it('refuses an import circle, also one through type-only imports', async () => {
    // cursor.ts imports http-error.ts; outages.ts imports the type Metrics.
    expect(await rulesBroken('lib/http-error.ts', "export { decodeCursor } from './cursor.js';")).toEqual([
      'local/no-import-circle',
    ]);
    expect(await rulesBroken('lib/metrics.ts', "export type { Outages } from './outages.js';")).toEqual([
      'local/no-import-circle',
    ]);
  });
}, 60_000);
