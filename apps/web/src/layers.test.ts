import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repository });

/** The rules ESLint reports for `code` written in `file` (a path under apps/web/src). */
async function rulesBroken(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repository, 'apps/web/src', file) });
  return result!.messages.map((message) => message.ruleId);
}

describe('the web app’s layers', () => {
  it('refuses an import that points up: app -> features -> components -> lib -> i18n', async () => {
    const upward = [
      ['lib/x.ts', "export { Layout } from '../app/layout';"],
      ['components/x.ts', "export { useAuth } from '../features/auth/api/get-me';"],
      ['features/views/x.ts', "export { routes } from '../../app/route-table';"],
      ['i18n/x.ts', "export { siteUrl } from '../lib/site-url';"],
    ];
    for (const [file, code] of upward) {
      expect(await rulesBroken(file!, code!), file).toEqual(['import-x/no-restricted-paths']);
    }
  });

  it('lets imports point down, and refuses what it cannot resolve', async () => {
    expect(await rulesBroken('app/x.ts', "export { useAuth } from '../features/auth/api/get-me';")).toEqual(
      [],
    );
    expect(await rulesBroken('components/x.ts', "export { useT } from '../i18n/translator';")).toEqual([]);
    expect(await rulesBroken('lib/x.ts', "export { nothing } from './not-there';")).toEqual([
      'import-x/no-unresolved',
    ]);
  });
}, 30_000);
