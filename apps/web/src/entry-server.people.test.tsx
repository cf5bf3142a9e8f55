import type { RenderResult } from '@portfolio-master/contract';
import { LOCALE_INFO, LOCALES, localizePath } from '@portfolio-master/i18n/locales';
import { describe, expect, it } from 'vitest';
import { renderer } from './entry-server';
import { pageOf } from './test/people';
import { translatorFor } from './test/translators';

/** The server's render of `url`, the API answering from `pageOf`. */
async function render(url: string): Promise<Extract<RenderResult, { kind: 'page' }>> {
  const result = await renderer.render({
    url,
    script: 'latn',
    publicUrl: 'https://portfolio.uz',
    now: Date.parse('2026-11-20T09:00:00Z'),
    fetch: async (apiUrl) => {
      const { pathname, searchParams } = new URL(apiUrl, 'http://localhost');
      if (pathname !== '/api/people') return new Response('null', { status: 404 });
      return new Response(JSON.stringify(pageOf(25, Number(searchParams.get('page') ?? 1))), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  if (result.kind !== 'page') throw new Error('expected a page');
  return result;
}

describe('/people rendered on the server', () => {
  it('is a page in each of the four languages, with its people, form and alternates', async () => {
    for (const locale of LOCALES) {
      const words = translatorFor(locale).t;
      const page = await render(localizePath(locale, '/people?city=samarqand&technology=React'));
      expect(page.status, locale).toBe(200);
      expect(page.locale).toBe(locale);
      expect(page.head).toContain(`<title>${words('directory.title')}`);
      expect(page.html).toContain(`>${words('directory.title')}</h1>`);
      expect(page.html).toContain('Karimova 1');
      // The form sends the reader to this language's directory, its values filled in.
      expect(page.html).toContain(`action="${LOCALE_INFO[locale].prefix}/people"`);
      expect(page.html).toMatch(/name="technology"[^>]*value="React"/);
      expect(page.html).toMatch(/<option value="samarqand" selected="">/);
      // A filtered list is for the one asking; the directory itself is indexed, in all four languages.
      expect(page.head).toContain('noindex');
      const plain = await render(localizePath(locale, '/people'));
      expect(plain.head).not.toContain('noindex');
      for (const other of LOCALES) {
        expect(plain.head).toContain(
          `hreflang="${LOCALE_INFO[other].tag}" href="https://portfolio.uz${localizePath(other, '/people')}"`,
        );
      }
    }
  });

  it('answers 404 past the last page and for an unknown city', async () => {
    expect((await render('/people?page=3')).status).toBe(404);
    expect((await render('/people?city=Tashkent')).status).toBe(404);
    expect((await render('/people?page=2')).status).toBe(200);
  });
});
