import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

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

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3100';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/image': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), precompress()],
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
        codeSplitting: { groups: [{ name: 'app', test: /src\/entry-client\.tsx$/ }] },
      },
    },
  },
});
