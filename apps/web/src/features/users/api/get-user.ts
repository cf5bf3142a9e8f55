import type { User } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, nullWhenMissing, type ReadContext } from '../../../lib/api-client';

/** `GET /user/{id}`: by id or username; null when there is no such user. */
export function getUser(idOrUsername: string, context?: ReadContext): Promise<User | null> {
  return nullWhenMissing(apiGet<User>(`/user/${encodeURIComponent(idOrUsername)}`, context));
}

export const userQueryOptions = (idOrUsername: string) =>
  queryOptions({ queryKey: ['user', idOrUsername], queryFn: (context) => getUser(idOrUsername, context) });

export function useUser(idOrUsername: string) {
  return useQuery(userQueryOptions(idOrUsername));
}
