import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type {
  FetchStatus,
  InfiniteData,
  InfiniteQueryOptions,
  Query,
  QueryClient,
  QueryKey,
  UseQueryOptions,
} from './cache';

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No QueryClient set: wrap the app in <QueryClientProvider>');
  return client;
}

interface QueryResultBase {
  fetchStatus: FetchStatus;
  /** No answer yet and one on its way. */
  isLoading: boolean;
  isFetching: boolean;
  /** `data` is the placeholder, not this key's answer. */
  isPlaceholderData: boolean;
  dataUpdatedAt: number;
  /** Asks again now, whether or not the answer is fresh. */
  refetch: () => Promise<unknown>;
}

/** A query as a reader sees it: which of the three states tells what `data` and `error` hold. */
export type UseQueryResult<T, E = Error> = QueryResultBase &
  (
    | { status: 'pending'; isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
    | { status: 'error'; isPending: false; isSuccess: false; isError: true; data: T | undefined; error: E }
    | { status: 'success'; isPending: false; isSuccess: true; isError: false; data: T; error: null }
  );

export type UseInfiniteQueryResult<T, P, E = Error> = UseQueryResult<InfiniteData<T, P>, E> & {
  hasNextPage: boolean;
  /** The failure was of the next page: the pages before it are still shown. */
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

interface ReaderOptions<T> {
  queryKey: QueryKey;
  gcTime?: number;
  staleTime?: number;
  enabled?: boolean;
  refetchInterval?: number | false | ((query: Query<T>) => number | false);
  refetchOnWindowFocus?: boolean;
  placeholderData?: T | ((previous: T | undefined) => T | undefined);
}

/** Reads a query: its state, fetched on mount when stale, again on the interval and focus it asks for. */
function useQueryReader<T>(input: ReaderOptions<T>) {
  const client = useQueryClient();
  const options = client.withDefaults(input);
  const query = client.query<T>(options);
  const state = useSyncExternalStore(
    query.subscribe,
    () => query.state,
    () => query.state,
  );
  const enabled = options.enabled !== false;
  // Fetches use the options of the latest render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const fetchIfStale = useCallback(() => {
    if (query.state.fetchStatus === 'idle' && query.isStale(latest.current.staleTime)) {
      void query.fetch(latest.current as never).catch(() => undefined);
    }
  }, [query]);

  useEffect(() => {
    if (!enabled) return;
    query.options = latest.current as never;
    query.active += 1;
    fetchIfStale();
    return () => {
      query.active -= 1;
    };
  }, [query, enabled, fetchIfStale]);

  const { refetchOnWindowFocus } = options;
  const refetchInterval =
    typeof options.refetchInterval === 'function' ? options.refetchInterval(query) : options.refetchInterval;
  useEffect(() => {
    if (!enabled || !refetchInterval) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden')
        void query.fetch(latest.current as never).catch(() => undefined);
    }, refetchInterval);
    return () => clearInterval(timer);
  }, [query, enabled, refetchInterval]);
  useEffect(() => {
    if (!enabled || !refetchOnWindowFocus) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') fetchIfStale();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [enabled, refetchOnWindowFocus, fetchIfStale]);

  // The last answer this reader showed, for a placeholder made from it (`keepPreviousData`): kept, as
  // React's docs keep what a previous render saw, only by readers that make placeholders from it.
  const [shown, setShown] = useState<{ query: Query<T>; data: T } | null>(null);
  const tracksPrevious = typeof options.placeholderData === 'function';
  if (tracksPrevious && state.data !== undefined && (shown?.query !== query || shown.data !== state.data)) {
    setShown({ query, data: state.data });
  }
  let data = state.data;
  let status = state.status;
  let isPlaceholderData = false;
  if (status === 'pending' && options.placeholderData !== undefined) {
    const previous = shown && shown.query !== query ? shown.data : undefined;
    const placeholder =
      typeof options.placeholderData === 'function'
        ? (options.placeholderData as (previous: T | undefined) => T | undefined)(previous)
        : options.placeholderData;
    if (placeholder !== undefined) {
      data = placeholder;
      status = 'success';
      isPlaceholderData = true;
    }
  }
  const refetch = useCallback(() => query.fetch(latest.current as never, { restart: true }), [query]);
  const fetching = state.fetchStatus === 'fetching';
  return {
    query,
    latest,
    state,
    result: {
      data,
      error: status === 'error' ? state.error : null,
      status,
      fetchStatus: state.fetchStatus,
      isPending: status === 'pending',
      isSuccess: status === 'success',
      isError: status === 'error',
      isLoading: status === 'pending' && fetching,
      isFetching: fetching,
      isPlaceholderData,
      dataUpdatedAt: state.dataUpdatedAt,
      refetch,
    } as UseQueryResult<T>,
  };
}

export function useQuery<T, K extends QueryKey = QueryKey>(
  options: UseQueryOptions<T, K>,
): UseQueryResult<T> {
  return useQueryReader<T>(options).result;
}

export function useInfiniteQuery<T, K extends QueryKey = QueryKey, P = unknown>(
  options: InfiniteQueryOptions<T, K, P> & { enabled?: boolean },
): UseInfiniteQueryResult<T, P> {
  const { query, latest, state, result } = useQueryReader<InfiniteData<T, P>>(options);
  const pages = result.data?.pages;
  const next = pages?.length ? options.getNextPageParam(pages[pages.length - 1]!, pages) : undefined;
  const fetchNextPage = useCallback(
    () => query.fetch(latest.current as never, { nextPage: true }),
    [query, latest],
  );
  return {
    ...result,
    hasNextPage: next !== undefined && next !== null,
    isFetchNextPageError: result.isError && state.errorWasNextPage,
    isFetchingNextPage: state.fetchingNextPage && result.isFetching,
    fetchNextPage,
  };
}

export interface MutationOptions<T, E, V> {
  mutationFn: (variables: V) => Promise<T>;
  /** Awaited before the mutation counts as done (return the invalidation to wait for it). */
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: E, variables: V) => unknown;
  onSettled?: (data: T | undefined, error: E | null, variables: V) => unknown;
}

/** Per call: heard only if the component is still there and this is its latest call. */
export interface MutateCallbacks<T, E, V> {
  onSuccess?: (data: T, variables: V) => void;
  onError?: (error: E, variables: V) => void;
  onSettled?: (data: T | undefined, error: E | null, variables: V) => void;
}

/** A write as the component sees it: its status tells what `data` and `error` hold. */
export type UseMutationResult<T = unknown, E = Error, V = void> = {
  mutate: (variables: V, callbacks?: MutateCallbacks<T, E, V>) => void;
  mutateAsync: (variables: V, callbacks?: MutateCallbacks<T, E, V>) => Promise<T>;
  reset: () => void;
} & (
  | {
      status: 'idle';
      isIdle: true;
      isPending: false;
      isSuccess: false;
      isError: false;
      data: undefined;
      error: null;
      variables: undefined;
    }
  | {
      status: 'pending';
      isIdle: false;
      isPending: true;
      isSuccess: false;
      isError: false;
      data: undefined;
      error: null;
      variables: V;
    }
  | {
      status: 'success';
      isIdle: false;
      isPending: false;
      isSuccess: true;
      isError: false;
      data: T;
      error: null;
      variables: V;
    }
  | {
      status: 'error';
      isIdle: false;
      isPending: false;
      isSuccess: false;
      isError: true;
      data: undefined;
      error: E;
      variables: V;
    }
);

interface MutationState<T, E, V> {
  status: UseMutationResult['status'];
  data: T | undefined;
  error: E | null;
  variables: V | undefined;
}

const idle = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/** A write: its state for the component, its options' callbacks awaited before it counts as done. */
export function useMutation<T, E = Error, V = void>(
  options: MutationOptions<T, E, V>,
): UseMutationResult<T, E, V> {
  const [state, setState] = useState<MutationState<T, E, V>>(idle);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // Which call is the latest, and whether the component is still there to hear of it.
  const calls = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(async (variables: V, callbacks: MutateCallbacks<T, E, V> = {}) => {
    const call = (calls.current += 1);
    const heard = () => mounted.current && call === calls.current;
    const own = latest.current;
    setState({ status: 'pending', data: undefined, error: null, variables });
    try {
      const data = await own.mutationFn(variables);
      await own.onSuccess?.(data, variables);
      await own.onSettled?.(data, null, variables);
      if (heard()) {
        setState({ status: 'success', data, error: null, variables });
        callbacks.onSuccess?.(data, variables);
        callbacks.onSettled?.(data, null, variables);
      }
      return data;
    } catch (caught) {
      const error = caught as E;
      await own.onError?.(error, variables);
      await own.onSettled?.(undefined, error, variables);
      if (heard()) {
        setState({ status: 'error', data: undefined, error, variables });
        callbacks.onError?.(error, variables);
        callbacks.onSettled?.(undefined, error, variables);
      }
      throw error;
    }
  }, []);
  const mutate = useCallback(
    (variables: V, callbacks?: MutateCallbacks<T, E, V>) =>
      void mutateAsync(variables, callbacks).catch(() => undefined),
    [mutateAsync],
  );
  const reset = useCallback(() => {
    calls.current += 1;
    setState(idle);
  }, []);
  return {
    ...state,
    isIdle: state.status === 'idle',
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    mutate,
    mutateAsync,
    reset,
  } as UseMutationResult<T, E, V>;
}
