import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { person } from '../../test/people';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { SearchRoute } from './search';

/** The API: the people tab of a query with these counts; every request's address is kept. */
function serve() {
  const requested: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname !== '/api/search') return jsonResponse(null, 404);
      requested.push(url);
      return jsonResponse({
        type: 'people',
        q: url.searchParams.get('q'),
        items: [person(1), person(2)],
        counts: { portfolios: 7, people: 22, technologies: 0 },
        page: Number(url.searchParams.get('page') ?? 1),
        limit: 20,
        pageCount: 2,
      });
    }),
  );
  return requested;
}

describe('SearchRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the chosen tab’s results and every tab as a link with its count', async () => {
    const requested = serve();
    renderWithProviders(<SearchRoute />, { route: '/search?q=aziza&type=people', path: '/search' });
    expect(await screen.findByRole('link', { name: /Karimova 2/ })).toBeTruthy();
    expect(requested[0]!.searchParams.get('q')).toBe('aziza');
    expect(requested[0]!.searchParams.get('type')).toBe('people');
    const tabs = screen.getByRole('navigation', { name: 'Natijalar turi' });
    const links = [...tabs.querySelectorAll('a')].map((link) => [
      link.textContent,
      link.getAttribute('href'),
      link.getAttribute('aria-current'),
    ]);
    expect(links).toEqual([
      ['Portfoliolar 7', '/search?q=aziza', null],
      ['Dasturchilar 22', '/search?q=aziza&type=people', 'page'],
      ['Texnologiyalar 0', '/search?q=aziza&type=technologies', null],
    ]);
    // Pages keep the query and the tab; the form keeps the tab too.
    expect(screen.getByRole('link', { name: '2-sahifa' }).getAttribute('href')).toBe(
      '/search?q=aziza&type=people&page=2',
    );
    const form = screen.getByRole('search');
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    expect([...form.querySelectorAll('[name]')].map((field) => field.getAttribute('name'))).toEqual([
      'q',
      'type',
    ]);
  });

  it('is the 404 page for an unknown tab, asking the API nothing', () => {
    const requested = serve();
    renderWithProviders(<SearchRoute />, { route: '/search?q=a&type=kitoblar', path: '/search' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sahifa topilmadi');
    expect(screen.queryByRole('navigation', { name: 'Natijalar turi' })).toBeNull();
    expect(requested).toEqual([]);
  });
});
