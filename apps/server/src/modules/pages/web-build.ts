import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '@portfolio-master/contract';
import { LOCALE_INFO, type Locale } from '@portfolio-master/i18n';

/** The web app as `npm run build -w @portfolio-master/web` leaves it. */
export interface WebBuild {
  /** The browser's files (`apps/web/dist`). */
  root: string;
  renderer: PageRenderer;
  /** Puts a rendered page into the built `index.html`, its `<html lang>` naming the page's language. */
  compose(parts: { head: string; html: string; state: string; modules: string[]; locale: Locale }): string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** A language's message files as the web build splits them (apps/web/plugins/split-messages.ts). */
interface LanguageMessageFiles {
  shell: string;
  modules: Record<string, string>;
}

/** A module naming a language's whole catalog: replaced by its split files when the build has them. */
const WHOLE_CATALOG = /^src\/i18n\/messages\/[^/]+\.ts$/;

const HEAD = '<!--app-head-->';
const HTML = '<!--app-html-->';
const STATE = '<!--app-state-->';

/**
 * Reads the build once at start: the page template with its stylesheet written inline (one request fewer
 * before the first paint; the stylesheet is small), the chunk manifest for preload hints, and the render
 * bundle. Null when the web app has not been built (the API still serves).
 */
export async function loadWebBuild(webDist: string): Promise<WebBuild | null> {
  const root = path.resolve(webDist);
  const serverEntry = path.join(root, '..', 'dist-server', 'entry-server.js');
  let template: string;
  let manifest: Record<string, ManifestChunk>;
  try {
    template = await fs.readFile(path.join(root, 'index.html'), 'utf8');
    manifest = JSON.parse(await fs.readFile(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    await fs.access(serverEntry);
  } catch {
    return null;
  }
  const messageFiles = await readMessageFiles(root);
  for (const marker of [HEAD, HTML, STATE]) {
    if (!template.includes(marker))
      throw new Error(`${root}/index.html has no ${marker}: rebuild the web app`);
  }
  template = await inlineStylesheets(template, root);
  const { renderer } = (await import(pathToFileURL(serverEntry).href)) as { renderer: PageRenderer };

  if (!/<html lang="[^"]*">/.test(template)) throw new Error(`${root}/index.html has no <html lang>`);
  const [templateHead, afterHead] = template.split(HEAD) as [string, string];
  const beforeHead = (locale: Locale) =>
    templateHead.replace(/<html lang="[^"]*">/, `<html lang="${LOCALE_INFO[locale].tag}">`);
  const [beforeHtml, afterHtml] = afterHead.split(HTML) as [string, string];
  const [beforeState, afterState] = afterHtml.split(STATE) as [string, string];
  // What the page template itself loads needs no hint.
  const loaded = new Set([...template.matchAll(/<script[^>]*src="\/([^"]+)"/g)].map((match) => match[1]!));

  return {
    root,
    renderer,
    compose({ head, html, state, modules, locale }) {
      // A page loads the first chunk's words and its own modules' (the browser finds the first in the
      // link `shell-messages`), not the language's whole catalog.
      const words = messageFiles?.[locale];
      const chunks = words ? modules.filter((module) => !WHOLE_CATALOG.test(module)) : modules;
      const wordFiles = words
        ? [
            `<link rel="modulepreload" crossorigin href="/${words.shell}" id="shell-messages">`,
            ...chunks.flatMap((module) => {
              const file = words.modules[module];
              return file ? [`<link rel="modulepreload" crossorigin href="/${file}">`] : [];
            }),
          ]
        : [];
      const preloads = [
        ...[...chunkClosure(manifest, chunks)]
          .filter((file) => !loaded.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...wordFiles,
      ];
      return (
        beforeHead(locale) +
        [head, ...preloads].join('\n    ') +
        beforeHtml +
        html +
        beforeState +
        `<script type="application/json" id="app-state">${state}</script>` +
        afterState
      );
    },
  };
}

/** Each language's message files, or null for a build without them (every page loads its whole catalog). */
async function readMessageFiles(root: string): Promise<Record<string, LanguageMessageFiles> | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(root, 'messages-manifest.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return JSON.parse(text) as Record<string, LanguageMessageFiles>;
}

/** The files of these chunks and of every chunk they import. */
function chunkClosure(manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

async function inlineStylesheets(template: string, root: string): Promise<string> {
  let result = template;
  for (const match of template.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)) {
    const css = await fs.readFile(path.join(root, match[1]!), 'utf8');
    result = result.replace(match[0], `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return result;
}
