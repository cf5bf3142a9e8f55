export {
  dehydrate,
  hydrate,
  infiniteQueryOptions,
  keepPreviousData,
  QueryClient,
  queryOptions,
  type DataTag,
  type DehydratedState,
  type InfiniteData,
  type QueryKey,
} from './cache';
export {
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
  type UseQueryResult,
} from './react';
