import type { Comment } from '@portfolio-master/contract';
import { useMutation } from '../../../lib/query';
import { request } from '../../../lib/api-client';

/** `PUT /portfolio/comment/{id}`: answers with the newest comments, the new one first. */
export async function addComment(portfolioId: string, body: string): Promise<Comment[]> {
  return (await request<Comment[]>(`/portfolio/comment/${portfolioId}`, { method: 'PUT', body: { body } }))
    .data;
}

export function useAddComment(portfolioId: string) {
  return useMutation({ mutationFn: (body: string) => addComment(portfolioId, body) });
}
