import type { User } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '../../../lib/query';
import { apiGet, type ReadContext } from '../../../lib/api-client';

/** `GET /user/all`: newest first. */
export function getUsers(limit: number, context?: ReadContext): Promise<User[]> {
  return apiGet<User[]>(`/user/all?limit=${limit}`, context);
}

export const usersQueryOptions = (limit = 8) =>
  queryOptions({ queryKey: ['users', { limit }], queryFn: (context) => getUsers(limit, context) });

export function useUsers(limit?: number) {
  return useQuery(usersQueryOptions(limit));
}
