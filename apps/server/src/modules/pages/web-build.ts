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
      const preloads = [...chunkClosure(manifest, modules)]
        .filter((file) => !loaded.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
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
