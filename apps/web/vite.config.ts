import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { LOCALES } from '@portfolio-master/i18n/locales';
import { splitMessagesPlugin } from './plugins/split-messages.ts';

/**
 * Writes `.br` and `.gz` next to every text asset, so a static server with pre-compressed support
 * (`@fastify/static` with `preCompressed: true`) sends them without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    // The browser's files only: the server's render bundle is read from disk by the server itself.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) =>
            entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
          );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/** Each page gets only the words it uses (plugins/split-messages.ts, decision 38). */
const splitMessages = splitMessagesPlugin({
  locales: LOCALES,
  async load(locale) {
    const file = createRequire(import.meta.url).resolve(`@portfolio-master/i18n/browser-messages/${locale}`);
    return ((await import(pathToFileURL(file).href)) as { messages: Record<string, unknown> }).messages;
  },
});

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3100';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/image': { target: apiTarget, changeOrigin: true },
};

/**
 * Installable, and readable offline (docs/decisions/0033-installable-and-offline.md): Workbox's service
 * worker keeps the build's files, the last 30 public pages read and their images; an address never opened
 * answers the offline page. Nothing from the API is kept: what is personal is never in the worker's caches.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  // The app registers the worker itself (lib/service-worker.ts), after the page has loaded.
  injectRegister: false,
  includeAssets: ['favicon.svg', 'offline.html', 'icons/*.png'],
  manifest: {
    id: '/',
    name: 'Portfolio Master',
    short_name: 'Portfolio',
    description: 'Dasturchilar portfoliolari: loyihalarni ko‘ring, yoqtiring va izoh qoldiring',
    lang: 'uz',
    dir: 'ltr',
    start_url: '/page/1',
    scope: '/',
    display: 'standalone',
    background_color: '#f6f7fb',
    theme_color: '#2f5bea',
    categories: ['developer', 'social'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The page template (index.html) is the server's, filled for every request: never served as is.
    globPatterns: ['**/*.{js,css,svg,png,html}'],
    globIgnores: ['index.html', '**/*.br', '**/*.gz'],
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Pages a reader may want again without a connection: the lists, portfolios and profiles they
        // opened, and portfolios opened inside the app (lib/service-worker.ts `keepForOffline`), in each
        // language (its address's prefix, @portfolio-master/i18n's LOCALE_INFO). Written out here: the worker
        // gets this function's source, not its surroundings.
        urlPattern: ({ request, url }) =>
          (request.mode === 'navigate' || request.headers.get('x-offline-copy') === '1') &&
          url.origin === self.location.origin &&
          /^(\/(uz-Cyrl|ru|en))?\/(page|portfolio|profile)\/[^/]+$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'pages',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 30 },
          cacheableResponse: { statuses: [200] },
          precacheFallback: { fallbackURL: '/offline.html' },
        },
      },
      {
        urlPattern: ({ request }) => request.mode === 'navigate',
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/offline.html' } },
      },
      {
        urlPattern: ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/image/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'images',
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
          plugins: [
            {
              // With PUBLIC_IMAGE_URL, /image/ redirects to the bucket's origin. Asked as an <img> asks (no
              // CORS), the answer is opaque: status 0, never kept, and counted by the browser at megabytes
              // of storage each. Asked with CORS (the bucket answering `Access-Control-Allow-Origin: *`,
              // docs/deploy.md) it is a readable 200, kept for reading offline. Same-origin answers are
              // the same either way.
              requestWillFetch: async ({ request }) =>
                new Request(request.url, { mode: 'cors', credentials: 'omit' }),
              // A bucket that does not answer CORS: the picture still shows, asked as the page asked it, not kept.
              handlerDidError: async ({ request }) => fetch(request).catch(() => undefined),
            },
          ],
        },
      },
    ],
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), splitMessages, precompress(), ...(isSsrBuild ? [] : [pwa])],
  resolve: {
    // The contract's TypeScript sources (its `source` export condition), so it needs no build first. The app
    // imports only types and `@portfolio-master/contract/constants`, so zod never reaches the bundle.
    conditions: ['source', ...defaultClientConditions],
  },
  ssr: {
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    // The server reads which chunk holds each page, for its preload hints.
    manifest: true,
    // The server names a page's chunks in modulepreload links; Vite's own preload helper is not needed.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // What the first visit needs is one file (gzip works better on one file than on fifteen, and each
        // file costs a request); every page but the list is still a chunk of its own.
        codeSplitting: {
          groups: [
            { name: 'app', test: /src\/entry-client\.tsx$/ },
            {
              // Small parts both the portfolio and the profile pages show (and a few others): one file
              // rather than a file each, which costs more in requests and gzip than the bytes some pages
              // take without using them.
              name: 'page-parts',
              test: /src\/(components\/(back-bar|lazy-dialog|icons\/(edit|trash))|features\/(share\/components\/(telegram-share|embed-snippets)|moderation\/components\/report-action))\.tsx$|contract\/src\/shorten\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
