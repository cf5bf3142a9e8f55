import type { FollowResult, PersonPage, PortfolioPage, User } from '@portfolio-master/contract';
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '../../../lib/query';
import { apiGet, request } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';

/** `PUT` or `DELETE /user/{id}/follow`; the profile's counts and flag follow the answer at once. */
export function useFollow(user: User) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) =>
      (
        await request<FollowResult>(`/user/${encodeURIComponent(user._id)}/follow`, {
          method: follow ? 'PUT' : 'DELETE',
        })
      ).data,
    onSuccess: (result) => {
      queryClient.setQueriesData<User | null>({ queryKey: ['user', user.username] }, (old) =>
        old ? { ...old, followedByMe: result.following, followersCount: result.followersCount } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      void queryClient.invalidateQueries({ queryKey: ['people'] });
      void queryClient.invalidateQueries({ queryKey: ['following-feed'] });
    },
  });
}

/** `GET /user/{id}/followers` or `/following`, a growing list of pages. */
export function usePeople(userId: string, side: 'followers' | 'following', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['people', userId, side],
    queryFn: ({ pageParam, signal }) =>
      apiGet<PersonPage>(`/user/${encodeURIComponent(userId)}/${side}?page=${pageParam}&limit=20`, {
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
    enabled,
  });
}

export const followingFeedQueryOptions = (page: number, token: string | null) =>
  queryOptions({
    queryKey: ['following-feed', page, token],
    queryFn: ({ signal }) => apiGet<PortfolioPage>(`/feed/following?page=${page}`, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });

/** `GET /feed/following`: the portfolios of the people I follow, newest first. */
export function useFollowingFeed(page: number) {
  return useQuery(followingFeedQueryOptions(page, useToken()));
}
