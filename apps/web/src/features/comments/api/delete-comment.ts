import type { CommentThread } from '@portfolio-master/contract';
import { useMutation } from '../../../lib/query';
import { request } from '../../../lib/api-client';

export interface DeleteCommentInput {
  index: number;
  commentId: string;
}

/** `DELETE /portfolio/comment/delete/{id}?index=N&commentId=C`: answers with the newest comments left. */
export async function deleteComment(
  portfolioId: string,
  { index, commentId }: DeleteCommentInput,
): Promise<CommentThread[]> {
  const query = new URLSearchParams({ index: String(index), commentId });
  return (
    await request<CommentThread[]>(`/portfolio/comment/delete/${portfolioId}?${query}`, { method: 'DELETE' })
  ).data;
}

export function useDeleteComment(portfolioId: string) {
  return useMutation({ mutationFn: (input: DeleteCommentInput) => deleteComment(portfolioId, input) });
}
