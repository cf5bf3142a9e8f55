import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCircle from './eslint/no-import-circle.js';

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

/*
 * apps/server's layers, top first (docs/decisions/0037-layers.md): what each holds, under apps/server/src,
 * and the layers it may import besides its own. Tests may import anything.
 */
const SERVER_LAYERS = {
  entries: { paths: ['server.ts', 'scripts'], imports: '*' },
  app: {
    paths: ['app.ts', 'app'],
    imports: ['seed', 'import', 'ops', 'routes', 'plugins', 'services', 'data', 'db', 'config', 'lib'],
  },
  seed: { paths: ['seed'], imports: ['services', 'data', 'db', 'config', 'lib'] },
  import: { paths: ['import'], imports: ['services', 'data', 'db', 'config', 'lib'] },
  ops: { paths: ['ops'], imports: ['services', 'data', 'db', 'config', 'lib'] },
  routes: {
    paths: ['modules/*/**/*.routes.ts'],
    imports: ['plugins', 'services', 'data', 'db', 'config', 'lib'],
  },
  plugins: { paths: ['plugins'], imports: ['data', 'db', 'config', 'lib'] },
  services: { paths: ['modules/*/**/!(*.routes).ts'], imports: ['data', 'db', 'config', 'lib'] },
  data: { paths: ['data'], imports: ['db', 'config', 'lib'] },
  db: { paths: ['db'], imports: ['config', 'lib'] },
  config: { paths: ['config.ts'], imports: ['lib'] },
  lib: { paths: ['lib'], imports: [] },
};
/**
 * The features under modules/, top first: a feature's services may use those of the features in the rows
 * below its own, never above or beside, so no two features need each other. Routes may use any service.
 */
const SERVER_FEATURES = [
  // Search reads portfolios as their list does and people as the directory does.
  ['account', 'moderation', 'search'],
  ['auth', 'cv', 'embed', 'feeds', 'follows', 'github', 'likes', 'og', 'telegram-channel'],
  ['portfolios'],
  ['comments', 'mentions'],
  // Who blocked or muted whom: what comments, likes and follows refuse and readers do not see.
  ['blocks'],
  ['notifications'],
  // The directory lists profiles as the users feature reads them.
  ['people'],
  ['users'],
  ['bookmarks', 'images', 'mail', 'ops', 'pages', 'passwords', 'telegram-chats', 'views'],
];
const serverPath = (name) => `./apps/server/src/${name}`;
// A folder or file nobody placed would be checked against nothing: refuse to lint until it is placed.
const serverFolder = (name) => fs.readdirSync(path.join(import.meta.dirname, 'apps/server/src', name));
const unplaced = [
  ...serverFolder('')
    .filter((name) => name !== 'test' && !name.endsWith('.test.ts'))
    .filter((name) => !Object.values(SERVER_LAYERS).some(({ paths }) => paths.includes(name)))
    .filter((name) => name !== 'modules'),
  ...serverFolder('modules').filter((name) => !SERVER_FEATURES.flat().includes(name)),
];
if (unplaced.length > 0) {
  throw new Error(
    `eslint.config.js: place apps/server/src/{${unplaced}} in SERVER_LAYERS or SERVER_FEATURES`,
  );
}
// One zone per forbidden path: a zone's `from` may not mix globs and plain paths.
const serverLayerZones = Object.entries(SERVER_LAYERS).flatMap(([name, layer]) =>
  layer.imports === '*'
    ? []
    : Object.entries(SERVER_LAYERS)
        .filter(([other]) => other !== name && !layer.imports.includes(other))
        .flatMap(([, { paths }]) =>
          paths.map((from) => ({
            target: layer.paths.map(serverPath),
            from: serverPath(from),
            message: `apps/server: ${name} imports only ${[name, ...layer.imports].join(', ')} (docs/decisions/0037-layers.md).`,
          })),
        ),
);
const serverFeatureZones = SERVER_FEATURES.flatMap((row, index) =>
  row.map((feature) => ({
    target: serverPath(`modules/${feature}/**/!(*.routes).ts`),
    from: SERVER_FEATURES.slice(0, index + 1)
      .flat()
      .filter((other) => other !== feature)
      .map((other) => serverPath(`modules/${other}/**`)),
    message: `apps/server: the services of ${feature} may use only the features below its row in SERVER_FEATURES.`,
  })),
).filter((zone) => zone.from.length > 0);
const serverZones = [
  ...serverLayerZones,
  ...serverFeatureZones,
  // Test helpers are for tests only.
  { target: serverPath(''), from: serverPath('test'), message: 'apps/server: src/test/ is for tests.' },
  // Tools stand outside the server's build: what it imports of them would be missing from dist/.
  {
    target: serverPath(''),
    from: './tools',
    message: 'apps/server never imports tools/: they use the server, not the other way round.',
  },
  // Migrations are frozen in time: what they import could change under them.
  {
    target: serverPath('db/migrations'),
    from: serverPath('**'),
    except: ['**/apps/server/src/db/migrations/**'],
    message: 'apps/server: a migration imports nothing of the app.',
  },
];

// For the server and tools/: their imports name the compiled .js of each .ts source, and workspace packages
// resolve to their sources (the `source` condition), or to the declaration of a module made at build time
// (`types`: the i18n package's compiled messages), so the lint needs no build.
const typeScriptResolver = createNodeResolver({
  extensions: ['.ts', '.js'],
  extensionAlias: { '.js': ['.ts', '.js'] },
  conditionNames: ['source', 'types', 'import', 'default'],
});

export default tseslint.config(
  {
    // data/ is what a running server writes, except the server's data layer.
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      '**/data/**',
      '**/test-results/**',
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
    files: ['**/scripts/**', 'tools/**', '**/*.test.ts', '**/test/**'],
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
          // `types` after `source`: a module a workspace package makes at build time (the i18n package's
          // compiled messages) resolves to its declaration, so the lint needs no build.
          conditionNames: ['source', 'types', 'import', 'default'],
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
  {
    // tools/ (the benchmarks) sit above the server and use it only through its package exports, which run
    // its built dist/; a relative path into apps/server would reach around them.
    files: ['tools/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [typeScriptResolver] },
    rules: {
      'import-x/no-unresolved': 'error',
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    // apps/server's layers and feature order (SERVER_LAYERS, SERVER_FEATURES above), and no import circles.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    plugins: { 'import-x': importX, local: { rules: { 'no-import-circle': noImportCircle } } },
    settings: { 'import-x/resolver-next': [typeScriptResolver] },
    rules: {
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }],
      // Not import-x/no-cycle: it skips type-only imports, and both circles the server once had ran through one.
      'local/no-import-circle': 'error',
    },
  },
);
