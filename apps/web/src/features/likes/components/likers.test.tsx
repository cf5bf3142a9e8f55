import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { Likers } from './likers';

const person = (n: number) => ({
  user: {
    _id: String(n).padStart(24, '0'),
    username: `odam${n}`,
    firstname: `Ism${n}`,
    lastname: 'Familiya',
    image: null,
    isAdmin: false,
  },
  date: '2026-11-01T00:00:00.000Z',
});

describe('Likers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing when nobody likes the portfolio', () => {
    renderWithProviders(<Likers portfolioId="p" count={0} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens from the count, pages with “Yana ko‘rsatish”, and closes with Escape back to the count', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('before=')
        ? jsonResponse({ items: [person(3)], next: null })
        : jsonResponse({ items: [person(1), person(2)], next: 'cursor-2' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Likers portfolioId="p" count={3} />);
    const open = screen.getByRole('button', { name: 'Yoqtirganlar (3)' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Yoqtirganlar' });
    expect(await within(dialog).findByRole('link', { name: 'Ism1 Familiya' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Ism2 Familiya' }).getAttribute('href')).toBe(
      '/profile/odam2',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yana ko‘rsatish' }));
    expect(await within(dialog).findByRole('link', { name: 'Ism3 Familiya' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Yana ko‘rsatish' })).toBeNull();
    expect((fetchMock.mock.calls[1] as unknown as [string])[0]).toBe(
      '/api/portfolio/p/likes?before=cursor-2',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });
});
