import { describe, expect, it } from 'vitest';
import { splitMessages, unnamedModules, type ChunkFacts } from './split-messages';

const KEYS = ['nav.home', 'nav.login', 'portfolio.like', 'report.title', 'validation.required', 'about.lead'];

/** A chunk of the build as the plugin reads it. */
const chunk = (fileName: string, code: string, facts: Partial<ChunkFacts> = {}): ChunkFacts => ({
  fileName,
  code,
  imports: [],
  dynamicImports: [],
  isEntry: false,
  module: null,
  catalog: false,
  ...facts,
});

/*
 * The app as the build leaves it: an entry that imports the shell, which loads two pages later; the
 * portfolio page shares a chunk with the shell and opens a dialog later, which imports the forms' chunk.
 */
const CHUNKS = [
  chunk('index.js', 'import "./app.js"', { isEntry: true, imports: ['app.js'] }),
  chunk(
    'app.js',
    't(`nav.home`);t("nav.login");import("./portfolio.js");import("./about.js");import("./uz.js")',
    {
      imports: ['shared.js'],
      dynamicImports: ['portfolio.js', 'about.js', 'uz.js'],
    },
  ),
  chunk('shared.js', "t('nav.login')"),
  chunk(
    'portfolio.js',
    't(`portfolio.like`);t(`nav.home`);"src/features/report-dialog.tsx";"src/app/routes/portfolio.tsx"',
    {
      module: 'src/app/routes/portfolio.tsx',
      imports: ['shared.js', 'app.js'],
      dynamicImports: ['report-dialog.js'],
    },
  ),
  chunk('report-dialog.js', 't(`report.title`)', {
    module: 'src/features/report-dialog.tsx',
    imports: ['forms.js'],
  }),
  chunk('forms.js', 'm(`validation.required`)'),
  chunk('about.js', 't(`about.lead`);"src/app/routes/about.tsx"', { module: 'src/app/routes/about.tsx' }),
  // A whole catalog names every key: never counted as using them.
  chunk('uz.js', KEYS.map((key) => `"${key}"`).join(','), {
    module: 'src/i18n/messages/uz-Latn.ts',
    catalog: true,
  }),
];

describe('splitting the messages by what each chunk uses', () => {
  const split = splitMessages(CHUNKS, KEYS);

  it('gives the shell the words of the entry and all it imports at once, however the minifier quoted them', () => {
    expect([...split.shell].sort()).toEqual(['nav.home', 'nav.login']);
  });

  it('gives each module loaded later its own words beyond the shell’s, and its later modules theirs', () => {
    expect(
      Object.fromEntries([...split.modules].map(([module, keys]) => [module, [...keys].sort()])),
    ).toEqual({
      'src/app/routes/portfolio.tsx': ['portfolio.like'],
      'src/features/report-dialog.tsx': ['report.title', 'validation.required'],
      'src/app/routes/about.tsx': ['about.lead'],
    });
  });

  it('names the modules with words of their own that no code loads with them', () => {
    expect(unnamedModules(split, CHUNKS)).toEqual([]);
    const forgotten = CHUNKS.map((each) =>
      each.fileName === 'about.js' ? { ...each, code: 't(`about.lead`)' } : each,
    );
    expect(unnamedModules(splitMessages(forgotten, KEYS), forgotten)).toEqual(['src/app/routes/about.tsx']);
  });

  it('refuses a build without an entry', () => {
    expect(() => splitMessages(CHUNKS.slice(1), KEYS)).toThrow(/no entry chunk/);
  });
});
