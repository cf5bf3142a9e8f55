import type { Coauthor } from '@portfolio-master/contract';
import { useMutation, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

const path = (portfolioId: string) => `/portfolio/${encodeURIComponent(portfolioId)}/coauthors`;

/** `GET /portfolio/{id}/coauthors`: the owner also sees those invited. */
export function useCoauthors(portfolioId: string) {
  const token = useToken();
  return useQuery({
    queryKey: ['coauthors', portfolioId, token],
    queryFn: ({ signal }) => apiGet<Coauthor[]>(path(portfolioId), { signal }),
  });
}

/** Every change of co-authors changes the portfolio's page, cards, profiles, feeds and the bell. */
function useCoauthorMutation<T>(portfolioId: string, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of [['coauthors', portfolioId], ['portfolio'], ['portfolios'], ['notifications']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/** `POST /portfolio/{id}/coauthors`: the owner invites by username. */
export const useInviteCoauthor = (portfolioId: string) =>
  useCoauthorMutation(portfolioId, (username: string) =>
    request<Coauthor[]>(path(portfolioId), { method: 'POST', body: { username } }),
  );

/** `PUT /portfolio/{id}/coauthors/me`: the invitee accepts ("Qabul qilish"). */
export const useAcceptInvite = (portfolioId: string) =>
  useCoauthorMutation(portfolioId, () => request<Coauthor[]>(`${path(portfolioId)}/me`, { method: 'PUT' }));

/**
 * `DELETE /portfolio/{id}/coauthors/{username}`: `me` declines ("Rad etish") or leaves; the owner removes
 * someone else.
 */
export const useRemoveCoauthor = (portfolioId: string) =>
  useCoauthorMutation(portfolioId, (username: string) =>
    request<null>(`${path(portfolioId)}/${encodeURIComponent(username)}`, { method: 'DELETE' }),
  );
