/**
 * The app's server-state cache (docs/decisions/0045-own-query-cache.md): answers kept by key, fetched once
 * however many components ask, refetched when stale or invalidated, retried with backoff, paused without a
 * connection, forgotten a while after the last reader leaves. Its API is the part of TanStack Query's the
 * app uses, under the same names, so the habits of the TanStack Query SSR guide hold: the server prefetches
 * into a client of its own, `dehydrate`s it into the page and the browser `hydrate`s it before rendering.
 */

export type QueryKey = readonly unknown[];

declare const dataTag: unique symbol;
/** A key that remembers the type of its data, so `getQueryData(options.queryKey)` is typed. */
export type DataTag<K extends QueryKey, T> = K & { [dataTag]: T };
type DataOf<K, Fallback> = K extends { [dataTag]: infer T } ? T : Fallback;

export interface QueryFunctionContext<K extends QueryKey = QueryKey, P = unknown> {
  queryKey: K;
  /** Aborted when the answer is no longer wanted (the query was removed or asked again). */
  signal: AbortSignal;
  client: QueryClient;
  pageParam: P;
}

export type RetryOption = boolean | number | ((failureCount: number, error: unknown) => boolean);

/** What a query may be told by the client's defaults and by each reader. */
export interface QueryBehaviour {
  /** How long an answer counts as fresh (ms): a reader arriving within it asks nothing. */
  staleTime?: number;
  /** How long an answer nobody reads is kept (ms). */
  gcTime?: number;
  retry?: RetryOption;
  retryDelay?: (failureCount: number, error: unknown) => number;
  refetchOnWindowFocus?: boolean;
}

export interface QueryOptions<T, K extends QueryKey = QueryKey> extends QueryBehaviour {
  queryKey: K;
  queryFn: (context: QueryFunctionContext<K, undefined>) => Promise<T>;
}

export interface InfiniteData<T, P = unknown> {
  pages: T[];
  pageParams: P[];
}

export interface InfiniteQueryOptions<T, K extends QueryKey = QueryKey, P = unknown> extends QueryBehaviour {
  queryKey: K;
  queryFn: (context: QueryFunctionContext<K, P>) => Promise<T>;
  initialPageParam: P;
  /** The parameter of the page after `last`, or undefined (or null) when there is none. */
  getNextPageParam: (last: T, pages: T[]) => P | undefined | null;
}

/** Either kind, as the cache sees it. */
type AnyOptions = QueryBehaviour & {
  queryKey: QueryKey;
  queryFn: (context: QueryFunctionContext<QueryKey, never>) => Promise<unknown>;
  initialPageParam?: unknown;
  getNextPageParam?: (last: unknown, pages: unknown[]) => unknown;
};

export type QueryStatus = 'pending' | 'error' | 'success';
export type FetchStatus = 'idle' | 'fetching' | 'paused';

/** A query's state; replaced, never changed, so readers can compare it by identity. */
export interface QueryState<T = unknown> {
  data: T | undefined;
  dataUpdatedAt: number;
  error: Error | null;
  status: QueryStatus;
  fetchStatus: FetchStatus;
  /** The fetch under way is of the next page only. */
  fetchingNextPage: boolean;
  /** Marked stale by a write: the next reader asks again whatever its age. */
  isInvalidated: boolean;
  /** The failure was of asking for the next page (the pages before it are still there). */
  errorWasNextPage: boolean;
}

export interface QueryFilters {
  queryKey?: QueryKey;
  exact?: boolean;
}

export interface DehydratedState {
  queries: { queryKey: QueryKey; queryHash: string; state: { data: unknown; dataUpdatedAt: number } }[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** A key as a string: objects' fields in sorted order, so `{a, b}` and `{b, a}` are one key. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, value[name]]),
        )
      : value,
  );
}

/** Whether `key` starts with `partial`: each part equal, objects matching on the fields `partial` names. */
export function partialMatchKey(key: unknown, partial: unknown): boolean {
  if (key === partial) return true;
  if (typeof key !== typeof partial || !key || !partial || typeof key !== 'object') return false;
  return Object.keys(partial).every((name) =>
    partialMatchKey((key as Record<string, unknown>)[name], (partial as Record<string, unknown>)[name]),
  );
}

/**
 * `next`, with every part deep-equal to `previous` replaced by `previous`'s: an answer that did not change
 * keeps its identity, so what depends on it does not run again.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const names = Object.keys(after);
  const copy = (arrays ? [] : {}) as Record<string, unknown>;
  let same = names.length === Object.keys(before).length;
  for (const name of names) {
    copy[name] = replaceEqualDeep(before[name], after[name]);
    if (copy[name] !== before[name] || !(name in before)) same = false;
  }
  return same ? (previous as T) : (copy as T);
}

const defaultRetryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

function shouldRetry(retry: RetryOption | undefined, failureCount: number, error: unknown): boolean {
  if (typeof retry === 'function') return retry(failureCount, error);
  if (typeof retry === 'number') return failureCount < retry;
  return retry ?? false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves at once with a connection (or outside a browser), else when it comes back. */
function connected(): Promise<void> | null {
  if (typeof window === 'undefined' || navigator.onLine !== false) return null;
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

const initialState: QueryState = {
  data: undefined,
  dataUpdatedAt: 0,
  error: null,
  status: 'pending',
  fetchStatus: 'idle',
  fetchingNextPage: false,
  isInvalidated: false,
  errorWasNextPage: false,
};

/** One key's entry: its state, the fetch under way, and who reads it. */
export class Query<T = unknown> {
  state: QueryState<T> = initialState as QueryState<T>;
  /** The latest options a reader gave (how a write's invalidation fetches it again). */
  options: AnyOptions | undefined;
  /** Readers that want it fetched (mounted and enabled). */
  active = 0;
  private readonly listeners = new Set<() => void>();
  private fetching: { promise: Promise<T>; controller: AbortController } | null = null;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly cache: QueryCache,
    readonly queryKey: QueryKey,
    readonly queryHash: string,
    private gcTime: number,
  ) {
    this.scheduleGc();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    clearTimeout(this.gcTimer);
    return () => {
      this.listeners.delete(listener);
      this.scheduleGc();
    };
  };

  setState(patch: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((listener) => listener());
    this.cache.notify();
  }

  setData(data: T, updatedAt = Date.now()): void {
    this.setState(this.dataPatch(data, updatedAt));
  }

  private dataPatch(data: T, updatedAt: number): Partial<QueryState<T>> {
    return {
      data: replaceEqualDeep(this.state.data, data),
      dataUpdatedAt: updatedAt,
      error: null,
      status: 'success',
      isInvalidated: false,
    };
  }

  isStale(staleTime = 0): boolean {
    const { data, isInvalidated, dataUpdatedAt } = this.state;
    return data === undefined || isInvalidated || Date.now() - dataUpdatedAt >= staleTime;
  }

  /**
   * Fetches (the whole of it, or with `nextPage` the page after the last), joining a fetch under way
   * unless `restart` asks for a new one (a write happened since it began).
   */
  fetch(options: AnyOptions, { nextPage = false, restart = false } = {}): Promise<T> {
    this.options = options;
    if (this.fetching) {
      if (!restart || this.state.data === undefined) return this.fetching.promise;
      this.fetching.controller.abort();
    }
    const controller = new AbortController();
    const promise = this.run(options, nextPage, controller);
    this.fetching = { promise, controller };
    // The caller decides what a failure means; the state already says it.
    promise.catch(() => undefined);
    return promise;
  }

  private async run(options: AnyOptions, nextPage: boolean, controller: AbortController): Promise<T> {
    const current = () => this.fetching?.controller === controller;
    // Asked again since (a write happened): this fetch's callers get the new one's answer.
    const superseded = () => this.fetching?.promise ?? Promise.reject(new Error('The query was removed'));
    this.setState({ fetchStatus: 'fetching', fetchingNextPage: nextPage });
    for (let failureCount = 0; ; failureCount += 1) {
      const offline = connected();
      if (offline) {
        this.setState({ fetchStatus: 'paused' });
        await offline;
        if (!current()) return superseded();
        this.setState({ fetchStatus: 'fetching' });
      }
      try {
        const data = await this.fetchOnce(options, nextPage, controller.signal);
        if (!current()) return superseded();
        this.fetching = null;
        this.setState({
          ...this.dataPatch(data, Date.now()),
          fetchStatus: 'idle',
          fetchingNextPage: false,
        });
        return this.state.data as T;
      } catch (error) {
        if (!current()) return superseded();
        if (!shouldRetry(options.retry, failureCount, error)) {
          this.fetching = null;
          this.setState({
            error: asError(error),
            status: 'error',
            fetchStatus: 'idle',
            fetchingNextPage: false,
            errorWasNextPage: nextPage,
          });
          throw error;
        }
        await sleep((options.retryDelay ?? defaultRetryDelay)(failureCount, error));
        if (!current()) return superseded();
      }
    }
  }

  private async fetchOnce(options: AnyOptions, nextPage: boolean, signal: AbortSignal): Promise<T> {
    const context = { queryKey: this.queryKey, signal, client: this.cache.client };
    const { getNextPageParam } = options;
    if (!getNextPageParam) return (await options.queryFn({ ...context, pageParam: undefined as never })) as T;
    // A growing list: the next page appended, or every page it had asked again from the first.
    const old = this.state.data as InfiniteData<unknown> | undefined;
    const pages = nextPage && old ? [...old.pages] : [];
    const pageParams = nextPage && old ? [...old.pageParams] : [];
    const wanted = nextPage || !old ? pages.length + 1 : Math.max(old.pages.length, 1);
    while (pages.length < wanted) {
      // The first page's parameter is whatever it is (null included); after it, none means no more pages.
      const pageParam = pages.length
        ? getNextPageParam(pages[pages.length - 1], pages)
        : options.initialPageParam;
      if (pages.length && (pageParam === undefined || pageParam === null)) break;
      pages.push(await options.queryFn({ ...context, pageParam: pageParam as never }));
      pageParams.push(pageParam);
    }
    return { pages, pageParams } as T;
  }

  /** Stops a fetch under way; its answer, if it comes, is dropped. */
  cancel(): void {
    this.fetching?.controller.abort();
    this.fetching = null;
  }

  private scheduleGc(): void {
    clearTimeout(this.gcTimer);
    if (!Number.isFinite(this.gcTime)) return;
    this.gcTimer = setTimeout(() => {
      if (this.listeners.size === 0 && !this.fetching) this.cache.remove(this);
    }, this.gcTime);
  }

  /** A reader may ask to keep it longer than the client's default. */
  keepFor(gcTime: number | undefined): void {
    if (gcTime !== undefined && gcTime > this.gcTime) this.gcTime = gcTime;
  }
}

/** Every query by key hash, and who wants to hear of any change. */
export class QueryCache {
  private readonly queries = new Map<string, Query>();
  private readonly listeners = new Set<() => void>();

  constructor(readonly client: QueryClient) {}

  /** The key's query, made (empty) if there is none. Making one tells nobody: it changes no answer. */
  build<T>(queryKey: QueryKey, gcTime: number): Query<T> {
    const hash = hashKey(queryKey);
    let query = this.queries.get(hash);
    if (!query) {
      query = new Query(this, queryKey, hash, gcTime);
      this.queries.set(hash, query);
    }
    return query as Query<T>;
  }

  get<T>(queryKey: QueryKey): Query<T> | undefined {
    return this.queries.get(hashKey(queryKey)) as Query<T> | undefined;
  }

  findAll({ queryKey, exact = false }: QueryFilters = {}): Query[] {
    const all = [...this.queries.values()];
    if (!queryKey) return all;
    if (exact) return all.filter((query) => query.queryHash === hashKey(queryKey));
    return all.filter((query) => partialMatchKey(query.queryKey, queryKey));
  }

  getAll(): Query[] {
    return [...this.queries.values()];
  }

  remove(query: Query): void {
    if (this.queries.get(query.queryHash) !== query) return;
    query.cancel();
    this.queries.delete(query.queryHash);
    this.notify();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(): void {
    this.listeners.forEach((listener) => listener());
  }
}

export interface QueryClientConfig {
  defaultOptions?: {
    queries?: QueryBehaviour;
    mutations?: { retry?: RetryOption };
  };
}

export class QueryClient {
  private readonly cache = new QueryCache(this);
  private readonly defaults: NonNullable<QueryClientConfig['defaultOptions']>;

  constructor(config: QueryClientConfig = {}) {
    this.defaults = config.defaultOptions ?? {};
  }

  getDefaultOptions(): NonNullable<QueryClientConfig['defaultOptions']> {
    return this.defaults;
  }

  getQueryCache(): QueryCache {
    return this.cache;
  }

  /** `options` over the client's defaults. */
  withDefaults<O extends QueryBehaviour>(options: O): O & QueryBehaviour {
    return { ...this.defaults.queries, ...options };
  }

  /** The key's query, made if there is none. */
  query<T>(options: { queryKey: QueryKey; gcTime?: number }): Query<T> {
    const query = this.cache.build<T>(options.queryKey, this.gcTime());
    query.keepFor(options.gcTime);
    return query;
  }

  private gcTime(): number {
    return this.defaults.queries?.gcTime ?? 5 * 60_000;
  }

  getQueryData<T = unknown, K extends QueryKey = QueryKey>(queryKey: K): DataOf<K, T> | undefined {
    return this.cache.get<DataOf<K, T>>(queryKey)?.state.data;
  }

  setQueryData<T, K extends QueryKey = QueryKey>(
    queryKey: K,
    updater: DataOf<K, T> | undefined | ((old: DataOf<K, T> | undefined) => DataOf<K, T> | undefined),
  ): DataOf<K, T> | undefined {
    const query = this.cache.build<DataOf<K, T>>(queryKey, this.gcTime());
    const next =
      typeof updater === 'function'
        ? (updater as (old: DataOf<K, T> | undefined) => DataOf<K, T> | undefined)(query.state.data)
        : updater;
    if (next === undefined) return query.state.data;
    query.setData(next);
    return query.state.data;
  }

  /** `updater` applied to every query the filters match. */
  setQueriesData<T>(
    filters: QueryFilters,
    updater: T | undefined | ((old: T | undefined) => T | undefined),
  ): void {
    for (const query of this.cache.findAll(filters)) this.setQueryData<T>(query.queryKey, updater);
  }

  /** Marks the matching queries stale and fetches again those being read; resolves when they are in. */
  async invalidateQueries(filters: QueryFilters = {}): Promise<void> {
    const queries = this.cache.findAll(filters);
    for (const query of queries) {
      if (query.state.data !== undefined && !query.state.isInvalidated)
        query.setState({ isInvalidated: true });
    }
    await Promise.all(
      queries
        .filter((query) => query.active > 0 && query.options)
        .map((query) => query.fetch(query.options!, { restart: true }).catch(() => undefined)),
    );
  }

  removeQueries(filters: QueryFilters = {}): void {
    for (const query of this.cache.findAll(filters)) this.cache.remove(query);
  }

  clear(): void {
    this.removeQueries();
  }

  /** The data, fetched if there is none (failures thrown). */
  fetchQuery<T, K extends QueryKey>(options: QueryOptions<T, K>): Promise<T> {
    const query = this.query<T>(options);
    const defaulted = this.withDefaults(options);
    if (!query.isStale(defaulted.staleTime)) return Promise.resolve(query.state.data as T);
    return query.fetch(defaulted as unknown as AnyOptions);
  }

  /** The data as kept however old, else fetched. */
  ensureQueryData<T, K extends QueryKey>(options: QueryOptions<T, K>): Promise<T> {
    const data = this.cache.get<T>(options.queryKey)?.state.data;
    return data === undefined ? this.fetchQuery(options) : Promise.resolve(data);
  }

  /** Fetches unless fresh; never fails (the page's own reading shows the error). */
  async prefetchQuery<T, K extends QueryKey>(options: QueryOptions<T, K>): Promise<void> {
    await this.fetchQuery(options).catch(() => undefined);
  }

  /** The first page of a growing list, unless fresh. */
  async prefetchInfiniteQuery<T, K extends QueryKey, P>(
    options: InfiniteQueryOptions<T, K, P>,
  ): Promise<void> {
    const query = this.query<InfiniteData<T, P>>(options);
    const defaulted = this.withDefaults(options);
    if (!query.isStale(defaulted.staleTime)) return;
    await query.fetch(defaulted as unknown as AnyOptions).catch(() => undefined);
  }
}

/** The successful answers, for the page's HTML. */
export function dehydrate(client: QueryClient): DehydratedState {
  return {
    queries: client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => ({
        queryKey: query.queryKey,
        queryHash: query.queryHash,
        state: { data: query.state.data, dataUpdatedAt: query.state.dataUpdatedAt },
      })),
  };
}

/** The server's answers into the browser's cache, where they are not older than what it has. */
export function hydrate(client: QueryClient, state: DehydratedState | null | undefined): void {
  for (const { queryKey, state: answer } of state?.queries ?? []) {
    const query = client.query({ queryKey });
    if (query.state.dataUpdatedAt <= answer.dataUpdatedAt) query.setData(answer.data, answer.dataUpdatedAt);
  }
}

/** What a reader adds to a query's options. */
export interface UseQueryOptions<T, K extends QueryKey = QueryKey> extends QueryOptions<T, K> {
  /** False: read what is kept, fetch nothing. */
  enabled?: boolean;
  /** Shown while the key has no answer yet: a value, or one made from the previous key's answer. */
  placeholderData?: NoInfer<T> | ((previous: NoInfer<T> | undefined) => NoInfer<T> | undefined);
  /** Fetched again this often (ms) while the tab is shown; a function decides from the query's state. */
  refetchInterval?: number | false | ((query: Query<NoInfer<T>>) => number | false);
}

/** The options of one query, its key tagged with its data's type. */
export function queryOptions<T, K extends QueryKey>(
  options: UseQueryOptions<T, K>,
): UseQueryOptions<T, K> & { queryKey: DataTag<K, T> } {
  return options as UseQueryOptions<T, K> & { queryKey: DataTag<K, T> };
}

/** The previous key's answer stands in until the new key's arrives. */
export const keepPreviousData = <T>(previous: T | undefined): T | undefined => previous;

/** The options of a growing list, its key tagged with its data's type. */
export function infiniteQueryOptions<T, K extends QueryKey, P>(
  options: InfiniteQueryOptions<T, K, P>,
): InfiniteQueryOptions<T, K, P> & { queryKey: DataTag<K, InfiniteData<T, P>> } {
  return options as InfiniteQueryOptions<T, K, P> & { queryKey: DataTag<K, InfiniteData<T, P>> };
}
