import type { PortfolioSummary } from '@portfolio-master/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { HomeRoute } from './home';

const summary = (n: number): PortfolioSummary => ({
  _id: String(n).padStart(24, '0'),
  linktitle: `ali_Loyiha_${n}`,
  title: `Loyiha ${n}`,
  description: '',
  url: 'https://example.com',
  repoUrl: null,
  images: [],
  imageAlts: [],
  used: ['React'],
  date: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  author: {
    _id: 'a'.repeat(24),
    username: 'ali',
    firstname: 'Ali',
    lastname: 'Valiyev',
    image: null,
    isAdmin: false,
    openToWork: 'looking',
  },
  likesCount: 2,
  commentsCount: 1,
  likedByMe: false,
});

/** The server: a page of the list, the technologies and the users, each by its address. */
function serve(total: number, onList?: (url: URL) => void, suggestion?: string) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/portfolio') {
      onList?.(url);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
      const items = Array.from({ length: count }, (_, i) => summary((page - 1) * limit + i + 1));
      const page_ = { items, total, page, limit, pageCount: Math.ceil(total / limit) };
      return jsonResponse(suggestion === undefined ? page_ : { ...page_, suggestion });
    }
    if (url.pathname === '/api/portfolio/technologies')
      return jsonResponse([{ name: 'React', count: total }]);
    if (url.pathname === '/api/user/all') return jsonResponse([]);
    return jsonResponse(null, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const pageLinks = () =>
  within(screen.getByRole('navigation', { name: 'Sahifalar' }))
    .getAllByRole('link', { name: /-sahifa$/ })
    .map((link) => link.textContent);

describe('HomeRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server for pages of 10 and shows ceil(total / 10) pages', async () => {
    const requested: URL[] = [];
    serve(23, (url) => requested.push(url));
    renderWithProviders(<HomeRoute />, { route: '/page/2', path: '/page/:page' });
    expect(await screen.findByRole('link', { name: 'Loyiha 11' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    // Every author here looks for work: each card says so beside the name.
    expect(screen.getAllByText('Ishga tayyor')).toHaveLength(10);
    expect(pageLinks()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('2');
    expect(requested[0]!.searchParams.get('page')).toBe('2');
    expect(requested[0]!.searchParams.get('limit')).toBe('10');
  });

  it('passes the filter and the search to the server and keeps them in the page links', async () => {
    const requested: URL[] = [];
    serve(15, (url) => requested.push(url));
    renderWithProviders(<HomeRoute />, { route: '/page/1?filter=React,Go&q=bot', path: '/page/:page' });
    await screen.findByRole('link', { name: 'Loyiha 1' });
    expect(requested[0]!.searchParams.get('filter')).toBe('React,Go');
    expect(requested[0]!.searchParams.get('q')).toBe('bot');
    expect(screen.getByRole('link', { name: '2-sahifa' }).getAttribute('href')).toBe(
      '/page/2?filter=React,Go&q=bot',
    );
    expect((screen.getByPlaceholderText('Kerakli narsani qidiring') as HTMLInputElement).value).toBe('bot');
  });

  it('offers the corrected search as a link, best match first by default, with a sort to choose', async () => {
    const requested: URL[] = [];
    serve(0, (url) => requested.push(url), 'kutubxona');
    renderWithProviders(<HomeRoute />, { route: '/page/1?q=kutubxna', path: '/page/:page' });
    const link = await screen.findByRole('link', { name: 'kutubxona' });
    expect(link.getAttribute('href')).toBe('/page/1?q=kutubxona');
    expect(link.closest('p')!.textContent).toBe('Shuni nazarda tutdingizmi: kutubxona');
    expect(requested[0]!.searchParams.get('sort')).toBeNull();
    const sorts = screen.getByRole('navigation', { name: 'Saralash' });
    const relevance = within(sorts).getByRole('link', { name: 'Eng mosi' });
    expect(relevance.getAttribute('aria-current')).toBe('true');
    expect(within(sorts).getByRole('link', { name: 'Eng yangilari' }).getAttribute('href')).toBe(
      '/page/1?q=kutubxna&sort=new',
    );
  });

  it('shows no suggestion when the server has none', async () => {
    serve(3);
    renderWithProviders(<HomeRoute />, { route: '/page/1?q=bot', path: '/page/:page' });
    await screen.findByRole('link', { name: 'Loyiha 1' });
    expect(screen.queryByText(/Shuni nazarda tutdingizmi/)).toBeNull();
  });

  it('shows only page 1 when there is nothing', async () => {
    serve(0);
    renderWithProviders(<HomeRoute />, { route: '/page/1', path: '/page/:page' });
    expect(await screen.findByText('Hozircha portfoliolar yo‘q')).toBeTruthy();
    expect(pageLinks()).toEqual(['1']);
  });

  it('shows the 404 page for a page number that is not one', () => {
    serve(0);
    renderWithProviders(<HomeRoute />, { route: '/page/abc', path: '/page/:page' });
    expect(screen.getByRole('heading', { name: 'Sahifa topilmadi' })).toBeTruthy();
  });
});
