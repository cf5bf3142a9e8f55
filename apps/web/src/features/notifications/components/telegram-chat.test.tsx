import type { User } from '@portfolio-master/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { aUser } from '../../../test/users';
import { TelegramChatSection } from './telegram-chat';

const DEEP_LINK = 'https://t.me/PortfolioMasterBot?start=bir-martalik-belgi';
const SWITCHES = { comment: true, like: false, reply: true, post: false };

/** The API as the bot's settings use it: `linkedAfter` asks of /user/me before it says the chat is linked. */
function serve({ linkedAfter = 1 } = {}) {
  let asked = 0;
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/user/me/telegram-chat' && method === 'POST') return jsonResponse({ url: DEEP_LINK });
    if (url === '/api/user/me/telegram-chat' && method === 'DELETE')
      return new Response(null, { status: 204 });
    if (url === '/api/user/me') {
      asked += 1;
      const linked = asked > linkedAfter;
      return jsonResponse(
        aUser({ telegramChat: { linked, linkedAt: linked ? '2026-11-28T09:00:00Z' : null } }),
      );
    }
    if (url === '/api/notifications/settings' && method === 'GET') {
      return jsonResponse({ email: SWITCHES, telegram: SWITCHES });
    }
    if (url === '/api/notifications/settings' && method === 'PUT') {
      return jsonResponse(JSON.parse(String(init!.body)));
    }
    return jsonResponse({ detail: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const site = { telegramBotId: '123456789' };
const notLinked: User = aUser({ telegramChat: { linked: false, linkedAt: null } });

describe('TelegramChatSection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setToken(null);
  });

  it('is not shown where the site has no bot', () => {
    serve();
    renderWithProviders(<TelegramChatSection user={notLinked} />);
    expect(screen.queryByRole('button', { name: 'Telegram orqali olish' })).toBeNull();
  });

  it('gives the bot’s link, notices when the chat is linked, and shows what the bot writes about', async () => {
    setToken('secret');
    const calls = serve({ linkedAfter: 1 });
    renderWithProviders(<TelegramChatSection user={notLinked} />, { site });
    fireEvent.click(screen.getByRole('button', { name: 'Telegram orqali olish' }));
    const open = await screen.findByRole('link', { name: 'Botni ochish' });
    expect(open.getAttribute('href')).toBe(DEEP_LINK);
    expect(open.getAttribute('target')).toBe('_blank');
    // The page asks until the bot links the chat (the first answer: not yet).
    expect(await screen.findByText('Telegram ulangan', {}, { timeout: 8_000 })).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/user/me').length).toBeGreaterThanOrEqual(2);

    // Each kind is a switch of its own, saved as it is ticked, the mail's left as they are.
    const like = await screen.findByRole('checkbox', { name: 'Portfoliom yoqtirilsa' });
    expect((like as HTMLInputElement).checked).toBe(false);
    fireEvent.click(like);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        email: SWITCHES,
        telegram: { ...SWITCHES, like: true },
      }),
    );
  }, 15_000);

  it('stops: asks the server to unlink the chat', async () => {
    setToken('secret');
    const calls = serve();
    renderWithProviders(
      <TelegramChatSection
        user={aUser({ telegramChat: { linked: true, linkedAt: '2026-11-28T09:00:00Z' } })}
      />,
      { site },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Telegram orqali olishni to‘xtatish' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.url === '/api/user/me/telegram-chat' && call.method === 'DELETE'),
      ).toBe(true),
    );
  });
});
