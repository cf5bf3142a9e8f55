import type { User } from '@portfolio-master/contract';
import { queryOptions, useQuery, useQueryClient } from '../../../lib/query';
import { apiGet, nullWhenMissing, type ReadContext } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { publicStandIn } from '../../../lib/public-stand-in';

/**
 * `GET /user/{id}`: by id or username; null when there is no such user. With a token, `followedByMe`
 * tells whether I follow them (and my own profile shows my email).
 */
export function getUser(idOrUsername: string, context?: ReadContext): Promise<User | null> {
  return nullWhenMissing(apiGet<User>(`/user/${encodeURIComponent(idOrUsername)}`, context));
}

export const userQueryOptions = (idOrUsername: string, token: string | null) =>
  queryOptions({
    queryKey: ['user', idOrUsername, { signedIn: token !== null }],
    queryFn: (context) => getUser(idOrUsername, context),
  });

/** Until a signed-in reader's own answer arrives, everyone's stands in (see `publicStandIn`). */
export function useUser(idOrUsername: string) {
  const token = useToken();
  const client = useQueryClient();
  return useQuery({
    ...userQueryOptions(idOrUsername, token),
    placeholderData: () =>
      publicStandIn<User | null>(client, token, userQueryOptions(idOrUsername, null).queryKey),
  });
}
