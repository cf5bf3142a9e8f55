import type { CommentPage, ReplyPage } from '@portfolio-master/contract';
import { apiGet } from '../../../lib/api-client';

/** `GET /portfolio/{id}/comments?before=`: the threads older than a page, newest first. */
export function getOlderComments(portfolioId: string, before: string): Promise<CommentPage> {
  return apiGet<CommentPage>(
    `/portfolio/${encodeURIComponent(portfolioId)}/comments?before=${encodeURIComponent(before)}`,
  );
}

/**
 * `GET /portfolio/{id}/comments/{commentId}/replies?before=`: a thread's replies, newest first; without
 * `before` its newest.
 */
export function getReplies(
  portfolioId: string,
  commentId: string,
  before: string | null,
): Promise<ReplyPage> {
  const query = before === null ? '' : `?before=${encodeURIComponent(before)}`;
  return apiGet<ReplyPage>(
    `/portfolio/${encodeURIComponent(portfolioId)}/comments/${encodeURIComponent(commentId)}/replies${query}`,
  );
}
