import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '../../test/people';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { translatorFor } from '../../test/translators';
import { PeopleRoute } from './people';

/** The API: pages of `total` people; every request's address is kept. */
function serve(total: number) {
  const requested: URL[] = [];
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== '/api/people') return jsonResponse(null, 404);
    requested.push(url);
    return jsonResponse(pageOf(total, Number(url.searchParams.get('page') ?? 1)));
  });
  vi.stubGlobal('fetch', fetchMock);
  return requested;
}

const t = translatorFor('uz-Latn').t;

describe('PeopleRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a page of people as cards, with their badge, city, skills and counts, and pages of 20', async () => {
    const requested = serve(45);
    renderWithProviders(<PeopleRoute />, { route: '/people?page=2&sort=new', path: '/people' });
    const name = await screen.findByRole('link', { name: /Karimova 21/ });
    expect(name.getAttribute('href')).toBe('/profile/dev_21');
    expect(requested[0]!.searchParams.get('page')).toBe('2');
    expect(requested[0]!.searchParams.get('sort')).toBe('new');
    expect(screen.getAllByRole('article')).toHaveLength(20);
    const card = screen.getAllByRole('article')[0]!;
    expect(within(card).getByText('Ishga tayyor')).toBeTruthy();
    expect(within(card).getByText(/Samarqand/)).toBeTruthy();
    expect(within(card).getByText('TypeScript')).toBeTruthy();
    expect(within(card).getByText(t('directory.likes', { count: 21 }))).toBeTruthy();
    expect(screen.getByText(t('directory.found', { count: 45 }))).toBeTruthy();
    // Page links keep what was asked.
    expect(screen.getByRole('link', { name: '3-sahifa' }).getAttribute('href')).toBe(
      '/people?sort=new&page=3',
    );
  });

  it('is a GET form to /people that the browser could send without JavaScript, and navigates with it', async () => {
    serve(3);
    renderWithProviders(<PeopleRoute />, { route: '/people', path: '/people' });
    await screen.findByRole('link', { name: /Karimova 1/ });
    const form = screen.getByRole('search');
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/people');
    const names = [...form.querySelectorAll('[name]')].map((field) => field.getAttribute('name'));
    expect(names).toEqual(['q', 'technology', 'city', 'sort', 'openToWork']);

    fireEvent.change(screen.getByLabelText(t('directory.technology')), { target: { value: 'Go' } });
    fireEvent.change(screen.getByLabelText(t('directory.city')), { target: { value: 'buxoro' } });
    fireEvent.click(screen.getByLabelText(t('directory.openToWork')));
    fireEvent.click(screen.getByRole('button', { name: t('directory.apply') }));
    expect(screen.getByTestId('location').textContent).toBe(
      '/people?technology=Go&city=buxoro&openToWork=true',
    );
  });

  it('says when nobody matches and offers to clear the filters', async () => {
    serve(0);
    renderWithProviders(<PeopleRoute />, { route: '/people?technology=Cobol', path: '/people' });
    expect(await screen.findByText(t('directory.emptyFiltered'))).toBeTruthy();
    expect(screen.getAllByRole('link', { name: t('directory.reset') })[0]!.getAttribute('href')).toBe(
      '/people',
    );
  });

  it('answers an address that asks for what does not exist with the 404 page', async () => {
    serve(3);
    renderWithProviders(<PeopleRoute />, { route: '/people?city=Tashkent', path: '/people' });
    expect(await screen.findByRole('heading', { name: t('notFound.title') })).toBeTruthy();
  });
});
