import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { EmailVerificationRoute } from './email-verification';
import { LoginRoute } from './login';

/** What Telegram's sign-in window hands back (its signature is the server's to check). */
/** A site with Telegram sign-in on, as the server says in its state. */
const SITE_WITH_BOT = { telegramBotId: '7012345678' };

const PAYLOAD = { id: 5_550_001, first_name: 'Malika', auth_date: 1_790_000_000, hash: 'a'.repeat(64) };

describe('signing in with Telegram', () => {
  let auth: ReturnType<typeof vi.fn<(options: unknown, callback: (data: typeof PAYLOAD) => void) => void>>;
  beforeEach(() => {
    auth = vi.fn((_options: unknown, callback: (data: typeof PAYLOAD) => void) => callback(PAYLOAD));
    window.Telegram = { Login: { auth } };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.Telegram;
  });

  it('shows no Telegram button when the site has no bot', () => {
    renderWithProviders(<LoginRoute />, { route: '/auth/login' });
    expect(screen.queryByRole('button', { name: /Telegram/ })).toBeNull();
  });

  it('opens Telegram’s window for the site’s bot, signs in with what it vouches for, and goes on', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ _id: '1'.repeat(24) }, 200, { 'x-token': 'tg-session' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginRoute />, { route: '/auth/login', site: SITE_WITH_BOT });
    const button = await screen.findByRole('button', { name: 'Telegram orqali kirish' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(auth).toHaveBeenCalledWith(
      expect.objectContaining({ bot_id: '7012345678' }),
      expect.any(Function),
    );
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/page/1'));
    expect(localStorage.getItem('token')).toBe('tg-session');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/telegram');
    expect(JSON.parse(init.body as string)).toEqual(PAYLOAD);
  });

  it('takes a new account to its profile form', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ _id: '2'.repeat(24) }, 201, { 'x-token': 'new-account' })),
    );
    renderWithProviders(<EmailVerificationRoute />, {
      route: '/auth/register/emailverification',
      site: SITE_WITH_BOT,
    });
    const button = await screen.findByRole('button', { name: 'Telegram orqali ro‘yxatdan o‘tish' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile?edit=1'));
  });

  it('shows the server’s Uzbek message when it refuses the payload, and stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            detail: 'Bu Telegram kirishi allaqachon ishlatilgan: qaytadan urinib ko‘ring',
            code: 'TELEGRAM_REPLAYED',
          },
          401,
        ),
      ),
    );
    renderWithProviders(<LoginRoute />, { route: '/auth/login', site: SITE_WITH_BOT });
    const button = await screen.findByRole('button', { name: 'Telegram orqali kirish' });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(/allaqachon ishlatilgan/)).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/auth/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
