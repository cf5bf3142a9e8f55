import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledMessage, compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { catalog as english } from './catalog/en/index.js';
import { catalog as russian } from './catalog/ru/index.js';
import { catalog as latin } from './catalog/uz-Latn/index.js';
import { browserMessages, compileCatalog, cyrillicCatalog, SERVER_ONLY_PREFIXES } from './compile.js';
import { createTranslator } from './translate.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const translations = { ru: russian, en: english } as const;
const sourceKeys = Object.keys(latin).sort();

/** The names a message is given (`{title}`, `{count, plural, …}`), wherever they stand in it. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage | string) => {
    if (typeof tokens === 'string') return;
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , options] = token as [string, string?, unknown?];
      names.add(name);
      if (options && typeof options === 'object') {
        for (const branch of Object.values(options as Record<string, unknown>)) {
          if (typeof branch === 'string' || Array.isArray(branch)) walk(branch as CompiledMessage);
        }
      }
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

/** The tags of a message (`<0>`, `</0>`), in order. */
const tagsOf = (message: string) => message.match(/<\/?\d+\/?>/g) ?? [];

describe('the catalogs', () => {
  it.each(Object.entries(translations))('%s has every key of the Uzbek source and no other', (_, catalog) => {
    expect(Object.keys(catalog).sort()).toEqual(sourceKeys);
  });

  it.each(Object.entries(translations))(
    '%s gives each message the same names and tags as the source',
    (_, catalog) => {
      for (const key of sourceKeys) {
        const source = latin[key as keyof typeof latin];
        const translated = catalog[key as keyof typeof catalog];
        expect(argumentsOf(translated), key).toEqual(argumentsOf(source));
        expect(tagsOf(translated), key).toEqual(tagsOf(source));
      }
    },
  );

  it('writes every Russian plural with its four forms', () => {
    for (const [key, message] of Object.entries(russian)) {
      if (!/,\s*plural\s*,/.test(message)) continue;
      for (const form of ['one', 'few', 'many', 'other']) {
        expect(message, key).toMatch(new RegExp(`\\b${form}\\s*\\{`));
      }
    }
  });

  it('lets Uzbek choose by other and exact numbers only, as its borrowed plural rules allow', () => {
    // Uzbek is formatted with Russian's Intl data (LOCALE_INFO's formatTag): 'one' would pick 21.
    for (const [key, message] of Object.entries(latin)) {
      if (!/,\s*plural\s*,/.test(message)) continue;
      for (const [, choice] of message.matchAll(/([=\w]+)\s*\{/g)) {
        expect(choice, key).toMatch(/^(other|=\d+)$/);
      }
    }
  });

  it('leaves no Uzbek in the Russian or English interface', () => {
    // Letters and words only Uzbek writes; product names are the same in every language.
    const uzbek =
      /o[‘’'ʻ]|g[‘’'ʻ]|\b(va|yoki|uchun|emas|bilan|sahifa|qilish|kirish|chiqish|yangi|barcha|portfoliolar|foydalanuvchi\w*|ўзбек\w*|ва|учун|билан|ҳам)\b/i;
    for (const [language, catalog] of Object.entries(translations)) {
      for (const [key, message] of Object.entries(catalog)) {
        const words = message.replace(/\{[^{}]*\}/g, ' ');
        expect(uzbek.test(words), `${language} ${key}: ${message}`).toBe(false);
      }
    }
  });

  it('makes Cyrillic from the Latin source, leaving what a message is given and its tags alone', () => {
    const compiled = cyrillicCatalog(
      compileCatalog({
        a: 'Salom, {name}! <0>Ko‘rish</0>',
        b: '{count, plural, one {# ta yoqtirish} other {# ta yoqtirish}}',
      }),
    );
    const cyrillic = createTranslator('uz-Cyrl', compiled);
    expect(cyrillic.t('a' as never, { name: 'Shoxrux' })).toBe('Салом, Shoxrux! <0>Кўриш</0>');
    expect(cyrillic.t('b' as never, { count: 3 })).toBe('3 та ёқтириш');
  });

  it('uses every key somewhere in the code, and nothing else is lost', () => {
    const code = codeOf(['apps/web/src', 'apps/server/src', 'packages/contract/src', 'packages/i18n/src']);
    const unused = sourceKeys.filter((key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  it('sends browsers every key but those only the server writes, which the web app never names', () => {
    const compiled = compileCatalog(latin);
    const sent = Object.keys(browserMessages(compiled));
    const kept = Object.keys(compiled).filter((key) => !sent.includes(key));
    expect(kept.length).toBeGreaterThan(0);
    for (const key of kept)
      expect(
        SERVER_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix)),
        key,
      ).toBe(true);
    const web = codeOf(['apps/web/src']);
    for (const prefix of SERVER_ONLY_PREFIXES) {
      expect(web.includes(`'${prefix}`) || web.includes(`\`${prefix}`), prefix).toBe(false);
    }
    for (const key of sent) expect(key.startsWith('problem.') || key.startsWith('mail.'), key).toBe(false);
  });
});

/** The source (not tests, catalogs or builds) of these folders of the repository, as one text. */
function codeOf(dirs: string[]): string {
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['node_modules', 'dist', 'dist-server', 'catalog', 'data'].includes(entry.name)) walk(full);
      } else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        sources.push(fs.readFileSync(full, 'utf8'));
      }
    }
  };
  for (const dir of dirs) walk(path.join(ROOT, dir));
  return sources.join('\n');
}
