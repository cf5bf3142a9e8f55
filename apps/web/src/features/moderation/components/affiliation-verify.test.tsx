import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '../../../lib/query';
import { setToken } from '../../../lib/auth-token';
import { meQueryKey } from '../../auth/api/get-me';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { aUser } from '../../../test/users';
import { AffiliationVerifyButton } from './affiliation-verify';

const person = aUser({
  _id: '2'.repeat(24),
  affiliation: { kind: 'itpark', name: 'IT Park', verified: false },
});

/** `/user/me` answers `me`; the admin's mark answers the person as now verified. */
function serve(me: ReturnType<typeof aUser>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/user/me') return jsonResponse(me);
    if (url === `/api/admin/users/${person._id}/affiliation/verified`) {
      return jsonResponse({
        ...person,
        affiliation: { ...person.affiliation!, verified: init?.method === 'PUT' },
      });
    }
    return jsonResponse({ detail: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Waits until the signed-in user is known, so what is not shown is not shown for good. */
const signedIn = (queryClient: QueryClient) =>
  waitFor(() => expect(queryClient.getQueryData([...meQueryKey, 'secret'])).toBeDefined());

describe('AffiliationVerifyButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setToken(null);
  });

  it.each([
    [false, 'Tashkilotni tasdiqlash', 'PUT'],
    [true, 'Tasdiqni olib tashlash', 'DELETE'],
  ])('lets an admin mark a stated affiliation (verified: %s) with “%s”', async (verified, label, method) => {
    setToken('secret');
    const fetchMock = serve(aUser({ _id: '1'.repeat(24), isAdmin: true }));
    const user = { ...person, affiliation: { ...person.affiliation!, verified } };
    renderWithProviders(<AffiliationVerifyButton user={user} />);
    fireEvent.click(await screen.findByRole('button', { name: label }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        `/api/admin/users/${person._id}/affiliation/verified`,
        expect.objectContaining({ method }),
      ),
    );
  });

  it('is offered to nobody but admins', async () => {
    setToken('secret');
    serve(aUser({ _id: '1'.repeat(24), isAdmin: false }));
    const { queryClient } = renderWithProviders(<AffiliationVerifyButton user={person} />);
    await signedIn(queryClient);
    expect(screen.queryByRole('button', { name: 'Tashkilotni tasdiqlash' })).toBeNull();
  });

  it('is not offered to an admin on a profile that states no affiliation', async () => {
    setToken('secret');
    serve(aUser({ _id: '1'.repeat(24), isAdmin: true }));
    const { queryClient } = renderWithProviders(
      <AffiliationVerifyButton user={{ ...person, affiliation: null }} />,
    );
    await signedIn(queryClient);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
