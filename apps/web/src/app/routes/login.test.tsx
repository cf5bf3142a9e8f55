import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/auth-token';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { LoginRoute } from './login';

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true, selector: 'input' }), { target: { value } });

describe('LoginRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s message, focused, and keeps what was typed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            detail: 'Email (yoki foydalanuvchi nomi) yoki parol noto‘g‘ri',
            code: 'INVALID_CREDENTIALS',
          },
          401,
        ),
      ),
    );
    renderWithProviders(<LoginRoute />, { route: '/auth/login' });
    fill('Email yoki foydalanuvchi nomi', 'ali');
    fill('Parol', 'xato-parol');
    fireEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Email (yoki foydalanuvchi nomi) yoki parol noto‘g‘ri');
    // The alert takes the focus once it is on the page (an effect after the render that shows it).
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((screen.getByLabelText('Email yoki foydalanuvchi nomi') as HTMLInputElement).value).toBe('ali');
    expect((screen.getByLabelText('Parol') as HTMLInputElement).value).toBe('xato-parol');
    expect(getToken()).toBeNull();
  });

  it('keeps the x-token of a successful sign-in under "token" and goes to the list', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ _id: '1'.repeat(24) }, 200, { 'x-token': 'new-session' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LoginRoute />, { route: '/auth/login' });
    fill('Email yoki foydalanuvchi nomi', 'ali@example.uz');
    fill('Parol', 'to‘g‘ri-parol');
    fireEvent.click(screen.getByRole('button', { name: 'Kirish' }));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/page/1'));
    expect(localStorage.getItem('token')).toBe('new-session');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'ali@example.uz', password: 'to‘g‘ri-parol' });
  });
});
