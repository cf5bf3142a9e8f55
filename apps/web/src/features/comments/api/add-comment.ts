import type { CommentThread } from '@portfolio-master/contract';
import { useMutation } from '../../../lib/query';
import { request } from '../../../lib/api-client';

export interface AddCommentInput {
  body: string;
  /** The comment it answers, for a reply. */
  parentId?: string;
}

/** `PUT /portfolio/comment/{id}`: answers with the newest threads, the new comment's first. */
export async function addComment(portfolioId: string, input: AddCommentInput): Promise<CommentThread[]> {
  return (await request<CommentThread[]>(`/portfolio/comment/${portfolioId}`, { method: 'PUT', body: input }))
    .data;
}

export function useAddComment(portfolioId: string) {
  return useMutation({ mutationFn: (input: AddCommentInput) => addComment(portfolioId, input) });
}
