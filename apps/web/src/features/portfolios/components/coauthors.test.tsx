import type { Coauthor, NotificationPage } from '@portfolio-master/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { NotificationList } from '../../notifications/components/notification-list';
import { CoauthorsEditor } from './coauthors-editor';

const person = (id: string, username: string, firstname: string) => ({
  _id: id.repeat(24),
  username,
  firstname,
  lastname: 'Karimova',
  image: null,
  isAdmin: false,
});

const summary = { _id: 'a'.repeat(24), linktitle: 'ali_Kutubxona' };

type Call = { url: string; method: string; body: unknown };
function serve(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('co-authors', () => {
  it('are invited by username on the owner’s form, and an unknown name shows the server’s message', async () => {
    setToken('owner');
    let list: Coauthor[] = [];
    const calls = serve((call) => {
      if (call.method === 'GET') return jsonResponse(list);
      const { username } = call.body as { username: string };
      if (username === 'yoq') {
        return jsonResponse({ code: 'COAUTHOR_UNKNOWN', detail: 'Bunday foydalanuvchi topilmadi' }, 422);
      }
      list = [{ ...person('c', username, 'Dilnoza'), status: 'invited' }];
      return jsonResponse(list, 201);
    });
    renderWithProviders(<CoauthorsEditor portfolioId={summary._id} />);
    const input = await screen.findByLabelText('Foydalanuvchi nomi');
    fireEvent.change(input, { target: { value: '@yoq' } });
    fireEvent.click(screen.getByRole('button', { name: 'Taklif qilish' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bunday foydalanuvchi topilmadi');
    fireEvent.change(input, { target: { value: 'dilnoza' } });
    fireEvent.click(screen.getByRole('button', { name: 'Taklif qilish' }));
    await screen.findByText('Javob kutilmoqda');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { username: 'yoq' },
      { username: 'dilnoza' },
    ]);
  });

  it('answer an invitation from the bell with "Qabul qilish"', async () => {
    setToken('invitee');
    let status: 'invited' | 'accepted' = 'invited';
    const calls = serve((call) => {
      if (call.url.startsWith('/api/notifications?')) {
        const page: NotificationPage = {
          items: [
            {
              _id: 'd'.repeat(24),
              kind: 'invite',
              actor: person('b', 'ali', 'Ali'),
              othersCount: 0,
              portfolio: { _id: summary._id, title: 'Kutubxona', linktitle: summary.linktitle },
              comment: null,
              date: '2026-12-01T10:00:00.000Z',
              read: status === 'accepted',
              invite: status,
            },
          ],
          unread: 0,
          next: null,
        };
        return jsonResponse(page);
      }
      if (call.url.endsWith('/coauthors/me') && call.method === 'PUT') {
        status = 'accepted';
        return jsonResponse([]);
      }
      return jsonResponse({ unread: 0 });
    });
    renderWithProviders(<NotificationList />);
    await screen.findByText('Ali Karimova sizni «Kutubxona» portfoliosiga hammuallif bo‘lishga taklif qildi');
    screen.getByRole('button', { name: 'Rad etish' });
    fireEvent.click(screen.getByRole('button', { name: 'Qabul qilish' }));
    await waitFor(() => screen.getByText('Siz hammuallifsiz'));
    expect(calls.some((call) => call.url === `/api/portfolio/${summary._id}/coauthors/me`)).toBe(true);
  });
});
