import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * apps/web's layers, top first (STYLE.md, docs/decisions/0036-web-app-routes.md): a file may import its own
 * layer and those below it, never one above. i18n is the leaf every layer may use.
 */
const WEB_LAYERS = [
  ['entry-client.tsx', 'entry-server.tsx'],
  ['app'],
  ['features'],
  ['components'],
  ['lib'],
  ['i18n'],
];
const webPath = (name) => `./apps/web/src/${name}`;
const webLayerZones = WEB_LAYERS.flatMap((layer, index) =>
  layer.map((name) => ({
    target: webPath(name),
    from: WEB_LAYERS.slice(0, index).flat().map(webPath),
    message: 'apps/web imports point down: app -> features -> components -> lib -> i18n.',
  })),
).filter((zone) => zone.from.length > 0);

export default tseslint.config(
  {
    // data/ is what a running server writes, except the server's data layer.
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '**/data/**',
      '!apps/server/src/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Migrations are frozen in time and typed against no schema, as Kysely recommends.
    files: ['**/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/scripts/**', '**/*.test.ts', '**/test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // apps/web's layers (WEB_LAYERS above): a wrong-way import fails the lint instead of waiting for a
    // reviewer. Features may use each other (a profile shows follow and report buttons). Another app's
    // layers get a block of their own beside this one.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          conditionNames: ['source', 'import', 'default'],
        }),
      ],
    },
    rules: {
      // An import the resolver cannot follow would pass the layer rule unseen.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: webLayerZones,
        },
      ],
    },
  },
);
