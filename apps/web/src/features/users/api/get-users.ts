import type { User } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /user/all`: newest first. */
export function getUsers(limit: number, signal?: AbortSignal): Promise<User[]> {
  return apiGet<User[]>(`/user/all?limit=${limit}`, signal);
}

export const usersQueryOptions = (limit = 8) =>
  queryOptions({ queryKey: ['users', { limit }], queryFn: ({ signal }) => getUsers(limit, signal) });

export function useUsers(limit?: number) {
  return useQuery(usersQueryOptions(limit));
}
