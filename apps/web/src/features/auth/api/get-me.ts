import type { User } from '@portfolio-master/contract';
import { queryOptions, useQuery } from '../../../lib/query';
import { ApiError, request } from '../../../lib/api-client';
import { setToken, useToken } from '../../../lib/auth-token';

/** `GET /user/me`: the user, or null when the server answers `false` (no live session). */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    const { data } = await request<User | false>('/user/me', { signal });
    return typeof data === 'boolean' ? null : data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The server revoked or expired the session: forget the token so the navbar tells the truth.
      setToken(null);
      return null;
    }
    throw error;
  }
}

export const meQueryKey = ['user', 'me'] as const;

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...meQueryKey, token],
    queryFn: ({ signal }) => (token ? getMe(signal) : Promise.resolve(null)),
    staleTime: 60_000,
  });

/** Signed in means a token is present; `user` is filled once `/user/me` answers. */
export function useAuth() {
  const token = useToken();
  const query = useQuery(meQueryOptions(token));
  return {
    token,
    isSignedIn: token !== null,
    user: query.data ?? null,
    isLoading: token !== null && query.isPending,
  };
}
