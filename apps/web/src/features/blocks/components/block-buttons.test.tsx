import type { BlockList } from '@portfolio-master/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { aUser } from '../../../test/users';
import { BlockButtons } from './block-buttons';
import { BlocksSection } from './blocks-section';

const me = aUser({ _id: '1'.repeat(24), username: 'men' });
const other = aUser({ _id: '2'.repeat(24), username: 'bezori', firstname: 'Bobur', lastname: 'Bezoriyev' });
const person = { user: { ...other, image: null, isAdmin: false }, date: '2026-12-26T09:00:00Z' };

/** The server as the two components see it: `/user/me`, my list, and the block and mute calls. */
function serve(list: BlockList) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/user/me') return jsonResponse(me);
    if (url === '/api/user/me/blocks') return jsonResponse(list);
    if (url.startsWith(`/api/user/${other._id}/`)) {
      const on = init?.method === 'PUT';
      return jsonResponse({ blocked: url.endsWith('/block') && on, muted: url.endsWith('/mute') && on });
    }
    return jsonResponse({ detail: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('blocking and muting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setToken(null);
  });

  it('blocks only after the confirmation, and mutes at once', async () => {
    setToken('secret');
    const fetchMock = serve({ blocked: [], muted: [] });
    renderWithProviders(<BlockButtons user={other} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Bloklash' }));
    expect(fetchMock).not.toHaveBeenCalledWith(`/api/user/${other._id}/block`, expect.anything());
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('@bezori');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bloklash' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/user/${other._id}/block`,
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ovozsiz qilish' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/user/${other._id}/mute`,
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
  });

  it('shows nothing on one’s own profile or to a visitor', async () => {
    serve({ blocked: [], muted: [] });
    const { container } = renderWithProviders(<BlockButtons user={other} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelector('.block-buttons')).toBeNull();
  });

  it('lists blocks and mutes in settings, each undone there', async () => {
    setToken('secret');
    const fetchMock = serve({ blocked: [person], muted: [] });
    renderWithProviders(<BlocksSection />);
    const section = await screen.findByRole('region', { name: 'Bloklanganlar va ovozsizlar' });
    expect(await within(section).findByRole('link', { name: 'Bobur Bezoriyev' })).toBeTruthy();
    expect(within(section).getByText('Hech kim yo‘q')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Blokdan chiqarish' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/user/${other._id}/block`,
        expect.objectContaining({ method: 'DELETE' }),
      ),
    );
  });
});
