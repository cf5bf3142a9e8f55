import type { BookmarkState, PortfolioPage } from '@portfolio-master/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

const stateKey = (portfolioId: string, token: string | null) => ['bookmark', portfolioId, token] as const;

/** `GET /portfolio/{id}/bookmark`: whether I saved it (asked only when signed in). */
export function useBookmark(portfolioId: string) {
  const token = useToken();
  return useQuery({
    queryKey: stateKey(portfolioId, token),
    queryFn: ({ signal }) =>
      apiGet<BookmarkState>(`/portfolio/${encodeURIComponent(portfolioId)}/bookmark`, { signal }),
    enabled: token !== null,
  });
}

/** `PUT` / `DELETE /portfolio/{id}/bookmark`: the button follows at once, the saved list on its next read. */
export function useSetBookmark(portfolioId: string) {
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (save: boolean) =>
      (
        await request<BookmarkState>(`/portfolio/${encodeURIComponent(portfolioId)}/bookmark`, {
          method: save ? 'PUT' : 'DELETE',
        })
      ).data,
    onSuccess: (state) => {
      queryClient.setQueryData(stateKey(portfolioId, token), state);
      void queryClient.invalidateQueries({ queryKey: ['saved'] });
    },
  });
}

/** `GET /user/me/saved`: what I saved, the newest save first. */
export function useSaved(page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['saved', page, token],
    queryFn: ({ signal }) => apiGet<PortfolioPage>(`/user/me/saved?page=${page}`, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
