// Writes each language's compiled messages to dist/messages/<locale>.js (see src/compile.ts), and what
// browsers need of them to dist/browser-messages/<locale>.js: the source catalogs stay on the build
// machine; what ships is one small module per language.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const { browserMessages, compileCatalog, cyrillicCatalog } = await import(path.join(dist, 'compile.js'));
const load = async (locale) => (await import(path.join(dist, 'catalog', locale, 'index.js'))).catalog;

const writeModule = (folder, locale, messages) => {
  const out = path.join(dist, folder);
  fs.mkdirSync(out, { recursive: true });
  // JSON.parse of one string literal is the quickest way for an engine to read a large object.
  fs.writeFileSync(
    path.join(out, `${locale}.js`),
    `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`,
  );
};
const write = (locale, messages) => {
  writeModule('messages', locale, messages);
  writeModule('browser-messages', locale, browserMessages(messages));
};

const latin = compileCatalog(await load('uz-Latn'));
write('uz-Latn', latin);
write('uz-Cyrl', cyrillicCatalog(latin));
for (const locale of ['ru', 'en']) write(locale, compileCatalog(await load(locale)));
