import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Where the build names each language's message files (read by the server, `web-build.ts`). */
export const MESSAGES_MANIFEST = 'messages-manifest.json';

/** One language's message files: the shell's (every page's) and those of each module loaded later. */
export interface LanguageMessageFiles {
  shell: string;
  /** By the module's path as the build manifest names it (`src/app/routes/portfolio.tsx`). */
  modules: Record<string, string>;
}

/** How a minifier may write a string: keys are found as any of these. */
const QUOTES = ['"', "'", '`'];

/** What the split needs of a chunk: its code, what it imports, and the module it is the facade of. */
export interface ChunkFacts {
  fileName: string;
  code: string;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  /** The path of the module the chunk stands for (`src/app/routes/portfolio.tsx`); null for a shared chunk. */
  module: string | null;
  /** A whole language's catalog (the fallback of pages the server did not render): never searched. */
  catalog: boolean;
}

/** The keys of the catalog each part of the app needs: the shell's, and each later module's beyond them. */
export interface MessageSplit {
  shell: Set<string>;
  modules: Map<string, Set<string>>;
}

/**
 * Which messages each part needs, read off the built chunks: a key is needed where its literal is in the
 * code (keys are always written out, decision 38). The shell's are those of the entry chunk and of all it
 * imports statically; a module loaded later (a page, a dialog) needs those of its chunk and of all that
 * imports statically, less the shell's. What a later module loads later still has its own.
 */
export function splitMessages(chunks: ChunkFacts[], keys: string[]): MessageSplit {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const keysOf = new Map<string, string[]>();
  const used = (chunk: ChunkFacts) => {
    let found = keysOf.get(chunk.fileName);
    if (!found) {
      found = chunk.catalog
        ? []
        : keys.filter((key) => QUOTES.some((quote) => chunk.code.includes(`${quote}${key}${quote}`)));
      keysOf.set(chunk.fileName, found);
    }
    return found;
  };
  /** The keys of `start` and of every chunk it imports statically, in turn. */
  const reach = (start: ChunkFacts) => {
    const seen = new Set<string>();
    const found = new Set<string>();
    const visit = (chunk: ChunkFacts) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const key of used(chunk)) found.add(key);
      for (const next of chunk.imports) {
        const imported = byFile.get(next);
        if (imported) visit(imported);
      }
    };
    visit(start);
    return found;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('split-messages: the build has no entry chunk');
  const shell = reach(entry);
  const later = new Set(chunks.flatMap((chunk) => chunk.dynamicImports));
  const modules = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    if (!later.has(chunk.fileName) || chunk.module === null || chunk.catalog) continue;
    const own = [...reach(chunk)].filter((key) => !shell.has(key));
    if (own.length) modules.set(chunk.module, new Set(own));
  }
  return { shell, modules };
}

/**
 * The modules with words of their own that no code names: a module loaded later gets its words only
 * through `withMessages`, which names it, so one nobody names would show its keys instead of its words.
 */
export function unnamedModules(split: MessageSplit, chunks: ChunkFacts[]): string[] {
  const code = chunks.map((chunk) => chunk.code).join('\n');
  return [...split.modules.keys()].filter(
    (module) => !QUOTES.some((quote) => code.includes(`${quote}${module}${quote}`)),
  );
}

/** A message file: an ES module exporting the messages (and, for the shell, where each later module's are). */
function moduleSource(messages: Record<string, unknown>, modules?: Record<string, string>): string {
  const parts = [`export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`];
  if (modules) parts.push(`export const modules = ${JSON.stringify(modules)};`);
  return `${parts.join('\n')}\n`;
}

const pick = (messages: Record<string, unknown>, keys: Iterable<string>) =>
  Object.fromEntries([...keys].sort().map((key) => [key, messages[key]]));

/**
 * Sends a page only the messages it uses (decision 38): for each language, a shell file with the words of
 * the first chunk and a file per module loaded later (each page, a dialog) with its own, emitted beside
 * the chunks under `assets/messages/<locale>/`, and `messages-manifest.json` naming them. The shell file
 * also names each module's file, so a module loaded later comes with its words.
 */
export function splitMessagesPlugin(options: {
  locales: readonly string[];
  /** A language's whole catalog, compiled, as browsers get it. */
  load(locale: string): Promise<Record<string, unknown>>;
}): Plugin {
  let root = '';
  return {
    name: 'split-messages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_output, bundle) {
      const catalogs = new Map(
        await Promise.all(
          options.locales.map(async (locale) => [locale, await options.load(locale)] as const),
        ),
      );
      const source = catalogs.get(options.locales[0]!)!;
      const relative = (id: string | null) => (id ? path.relative(root, id).split(path.sep).join('/') : '');
      const chunks: ChunkFacts[] = Object.values(bundle)
        .filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
        .map((chunk) => {
          const id = relative(chunk.facadeModuleId);
          return {
            fileName: chunk.fileName,
            code: chunk.code,
            imports: chunk.imports,
            dynamicImports: chunk.dynamicImports,
            isEntry: chunk.isEntry,
            module: id || null,
            catalog: /^src\/i18n\/messages\/[^/]+\.ts$/.test(id),
          };
        });
      const split = splitMessages(chunks, Object.keys(source));
      const unnamed = unnamedModules(split, chunks);
      if (unnamed.length) {
        this.error(`split-messages: load ${unnamed.join(', ')} through withMessages (src/i18n/messages.ts)`);
      }
      const manifest: Record<string, LanguageMessageFiles> = {};
      for (const [locale, messages] of catalogs) {
        const emit = (name: string, text: string) => {
          const hash = createHash('sha256').update(text).digest('base64url').slice(0, 10);
          const fileName = `assets/messages/${locale}/${name}-${hash}.js`;
          this.emitFile({ type: 'asset', fileName, source: text });
          return fileName;
        };
        const modules: Record<string, string> = {};
        for (const [module, keys] of split.modules) {
          modules[module] = emit(
            path.basename(module).replace(/\.tsx?$/, ''),
            moduleSource(pick(messages, keys)),
          );
        }
        const addresses = Object.fromEntries(
          Object.entries(modules).map(([module, file]) => [module, `/${file}`]),
        );
        const shell = emit('shell', moduleSource(pick(messages, split.shell), addresses));
        manifest[locale] = { shell, modules };
      }
      this.emitFile({ type: 'asset', fileName: MESSAGES_MANIFEST, source: JSON.stringify(manifest) });
    },
  };
}
