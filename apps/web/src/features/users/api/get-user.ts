import type { User } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** `GET /user/{id}`: by id or username. */
export function getUser(idOrUsername: string, signal?: AbortSignal): Promise<User> {
  return apiGet<User>(`/user/${encodeURIComponent(idOrUsername)}`, signal);
}

export const userQueryOptions = (idOrUsername: string) =>
  queryOptions({ queryKey: ['user', idOrUsername], queryFn: ({ signal }) => getUser(idOrUsername, signal) });

export function useUser(idOrUsername: string) {
  return useQuery(userQueryOptions(idOrUsername));
}
