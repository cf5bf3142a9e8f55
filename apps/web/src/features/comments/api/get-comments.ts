import type { CommentPage } from '@portfolio-master/contract';
import { apiGet } from '../../../lib/api-client';

/** `GET /portfolio/{id}/comments?before=`: the comments older than a page, newest first. */
export function getOlderComments(portfolioId: string, before: string): Promise<CommentPage> {
  return apiGet<CommentPage>(
    `/portfolio/${encodeURIComponent(portfolioId)}/comments?before=${encodeURIComponent(before)}`,
  );
}
