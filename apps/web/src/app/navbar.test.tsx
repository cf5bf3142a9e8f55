import { LOCALE_INFO, LOCALES } from '@portfolio-master/i18n/locales';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../features/auth/api/logout';
import { getToken, setToken } from '../lib/auth-token';
import { jsonResponse, renderWithProviders } from '../test/render';
import { translatorFor } from '../test/translators';
import { Navbar } from './navbar';
import { aUser } from '../test/users';

const me = aUser({ _id: '1'.repeat(24) });

const wideNav = (name = 'Asosiy menyu') => screen.getAllByRole('navigation', { name })[0]!;

describe('Navbar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers signing in and registering to a visitor, and the logo leads to page 1', () => {
    renderWithProviders(<Navbar />);
    const nav = within(wideNav());
    expect(nav.getByRole('link', { name: 'Portfolio joylash' }).getAttribute('href')).toBe('/create');
    expect(nav.getByRole('link', { name: 'Kirish' }).getAttribute('href')).toBe('/auth/login');
    expect(nav.getByRole('link', { name: 'Ro‘yxatdan o‘tish' }).getAttribute('href')).toBe(
      '/auth/register/emailverification',
    );
    expect(nav.queryByRole('button', { name: 'Chiqish' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Portfolio Master' })[0]!.getAttribute('href')).toBe(
      '/page/1',
    );
  });

  it('offers the profile and signing out while a token is stored, and asks for the current user', async () => {
    setToken('secret');
    const fetchMock = vi.fn(async (url: string) =>
      jsonResponse(url === '/api/notifications/unread' ? { unread: 3 } : me),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Navbar />);
    const nav = within(wideNav());
    expect(nav.getByRole('link', { name: /Profil/ }).getAttribute('href')).toBe('/profile');
    expect(nav.getByRole('button', { name: 'Chiqish' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Kirish' })).toBeNull();
    await screen.findAllByText('AV');
    // The current user, and the bell's number, each asked with the token.
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const asked = calls.find(([url]) => url === '/api/user/me');
    expect(asked?.[1].headers).toMatchObject({ 'x-token': 'secret' });
    const bell = calls.find(([url]) => url === '/api/notifications/unread');
    expect(bell?.[1].headers).toMatchObject({ 'x-token': 'secret' });
    expect(await screen.findByRole('link', { name: 'Bildirishnomalar: 3 ta o‘qilmagan' })).toBeTruthy();
  });

  it('leads admins, and only admins, to the moderation page', async () => {
    setToken('secret');
    let isAdmin = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        jsonResponse(url === '/api/notifications/unread' ? { unread: 0 } : { ...me, isAdmin }),
      ),
    );
    const first = renderWithProviders(<Navbar />);
    await screen.findAllByText('AV');
    expect(screen.queryByRole('link', { name: 'Moderatsiya' })).toBeNull();
    first.unmount();

    isAdmin = true;
    renderWithProviders(<Navbar />);
    // In the wide navbar and in the phone's menu (hidden until opened).
    const links = await screen.findAllByRole('link', { name: 'Moderatsiya', hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin', '/admin']);
  });

  it('treats a `false` answer from /user/me as no user', async () => {
    setToken('expired');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(false, 401)),
    );
    renderWithProviders(<Navbar />);
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(within(wideNav()).getByRole('link', { name: 'Kirish' })).toBeTruthy();
  });

  it('opens and closes the slide-in menu', () => {
    renderWithProviders(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Menyuni ochish' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Menyuni yopish');
    // Beside what the wide header holds, the menu leads to the people directory and the site's page.
    const drawer = within(screen.getAllByRole('navigation', { name: 'Asosiy menyu' }).at(-1)!);
    expect(drawer.getByRole('link', { name: 'Dasturchilar' }).getAttribute('href')).toBe('/people');
    expect(within(wideNav()).queryByRole('link', { name: 'Dasturchilar' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the language switch', () => {
  it('offers the four languages, each in itself, at the same page, the page’s own marked', () => {
    renderWithProviders(<Navbar />, { route: '/ru/page/2?sort=popular', locale: 'ru' });
    const ru = translatorFor('ru').t;
    const group = within(screen.getByRole('group', { name: ru('site.language') }));
    const links = group.getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.textContent)).toEqual(LOCALES.map((locale) => LOCALE_INFO[locale].name));
    for (const [index, link] of links.entries()) {
      const locale = LOCALES[index]!;
      expect(link.getAttribute('href')).toBe(
        `/api/locale/${locale}?back=${encodeURIComponent('/page/2?sort=popular')}`,
      );
      expect(link.getAttribute('lang')).toBe(LOCALE_INFO[locale].tag);
      expect(link.getAttribute('hreflang')).toBe(LOCALE_INFO[locale].tag);
      expect(link.getAttribute('aria-current')).toBe(locale === 'ru' ? 'true' : null);
    }
    // The page's links stay in Russian.
    expect(
      within(wideNav(ru('nav.mainMenu')))
        .getByRole('link', { name: ru('nav.login') })
        .getAttribute('href'),
    ).toBe('/ru/auth/login');
  });

  it('closes its menu on Escape and on a click elsewhere', () => {
    renderWithProviders(<Navbar />);
    const menu = document.querySelector<HTMLDetailsElement>('details.language-menu')!;
    menu.open = true;
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu.open).toBe(false);
    menu.open = true;
    fireEvent.click(menu.querySelector('a')!.parentElement!);
    expect(menu.open).toBe(true);
    fireEvent.click(document.body);
    expect(menu.open).toBe(false);
  });
});

describe('logout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('revokes the session on the server, forgets the token and reloads', async () => {
    setToken('secret');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.fn();
    await logout(reload);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'x-token': 'secret' });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('still signs out locally when the server cannot be reached', async () => {
    setToken('secret');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const reload = vi.fn();
    await logout(reload);
    expect(localStorage.getItem('token')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});
