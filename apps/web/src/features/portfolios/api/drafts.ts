import type { Draft, DraftBody, Preview } from '@portfolio-master/contract';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { useMutation, useQuery, useQueryClient } from '../../../lib/query';

/** `GET /portfolio/drafts`: my drafts, the last saved first (asked only when signed in). */
export function useDrafts() {
  const token = useToken();
  return useQuery({
    queryKey: ['drafts', token],
    queryFn: ({ signal }) => apiGet<Draft[]>('/portfolio/drafts', { signal }),
    enabled: token !== null,
  });
}

/** `GET /portfolio/drafts/{id}`: one of mine. */
export function getDraft(id: string): Promise<Draft> {
  return apiGet<Draft>(`/portfolio/drafts/${encodeURIComponent(id)}`);
}

/** `POST /portfolio/drafts` a new draft, or `PUT /portfolio/drafts/{id}` the fields of one. */
export async function saveDraft(id: string | null, body: DraftBody): Promise<Draft> {
  const path = id === null ? '/portfolio/drafts' : `/portfolio/drafts/${encodeURIComponent(id)}`;
  return (await request<Draft>(path, { method: id === null ? 'POST' : 'PUT', body })).data;
}

/** `DELETE /portfolio/drafts/{id}`. */
export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await request<null>(`/portfolio/drafts/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['drafts'] }),
  });
}

/** `POST /portfolio/preview`: the description as the portfolio page will render it. */
export async function previewDescription(description: string): Promise<Preview> {
  return (await request<Preview>('/portfolio/preview', { method: 'POST', body: { description } })).data;
}
