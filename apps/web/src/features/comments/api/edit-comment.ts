import type { Comment } from '@portfolio-master/contract';
import { request } from '../../../lib/api-client';

export interface EditCommentInput {
  commentId: string;
  body: string;
}

/** `PATCH /portfolio/{id}/comments/{commentId}`: one's own comment, answered as it is now. */
export async function editComment(
  portfolioId: string,
  { commentId, body }: EditCommentInput,
): Promise<Comment> {
  return (
    await request<Comment>(`/portfolio/${portfolioId}/comments/${commentId}`, {
      method: 'PATCH',
      body: { body },
    })
  ).data;
}
