import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dehydrate,
  hashKey,
  hydrate,
  infiniteQueryOptions,
  partialMatchKey,
  QueryClient,
  queryOptions,
  replaceEqualDeep,
} from './cache';

const client = (retry: number | false = false) =>
  new QueryClient({ defaultOptions: { queries: { retry, retryDelay: () => 1, staleTime: 15_000 } } });

describe('keys', () => {
  it('hash objects the same whatever the order of their fields', () => {
    expect(hashKey(['a', { x: 1, y: 2 }])).toBe(hashKey(['a', { y: 2, x: 1 }]));
    expect(hashKey(['a', { x: 1 }])).not.toBe(hashKey(['a', { x: 2 }]));
  });

  it('match by prefix, objects on the fields the filter names', () => {
    expect(partialMatchKey(['portfolios', { page: 1, q: 'x' }, 'more'], ['portfolios'])).toBe(true);
    expect(partialMatchKey(['portfolios', { page: 1, q: 'x' }], ['portfolios', { page: 1 }])).toBe(true);
    expect(partialMatchKey(['portfolios', { page: 2 }], ['portfolios', { page: 1 }])).toBe(false);
    expect(partialMatchKey(['portfolio', 'a'], ['portfolios'])).toBe(false);
  });
});

describe('replaceEqualDeep', () => {
  it('keeps the old parts that did not change, and the old whole when nothing did', () => {
    const before = { a: { b: 1 }, list: [{ id: 1 }, { id: 2 }] };
    const same = replaceEqualDeep(before, JSON.parse(JSON.stringify(before)));
    expect(same).toBe(before);
    const changed = replaceEqualDeep(before, { a: { b: 1 }, list: [{ id: 1 }, { id: 3 }] });
    expect(changed).not.toBe(before);
    expect(changed.a).toBe(before.a);
    expect(changed.list[0]).toBe(before.list[0]);
    expect(changed.list[1]).toEqual({ id: 3 });
  });
});

describe('QueryClient', () => {
  afterEach(() => vi.useRealTimers());

  it('asks once however many ask at the same time, and not again while fresh', async () => {
    const queries = client();
    const queryFn = vi.fn(async () => 'answer');
    const options = queryOptions({ queryKey: ['x'], queryFn });
    const [first, second] = await Promise.all([queries.fetchQuery(options), queries.fetchQuery(options)]);
    expect([first, second]).toEqual(['answer', 'answer']);
    await queries.prefetchQuery(options);
    expect(queryFn).toHaveBeenCalledTimes(1);
    const data: string | undefined = queries.getQueryData(options.queryKey);
    expect(data).toBe('answer');
  });

  it('retries as told, then keeps the error', async () => {
    const queries = client(2);
    const queryFn = vi.fn(async () => {
      throw new Error('down');
    });
    await expect(queries.fetchQuery({ queryKey: ['x'], queryFn })).rejects.toThrow('down');
    expect(queryFn).toHaveBeenCalledTimes(3);
    const state = queries.getQueryCache().get(['x'])!.state;
    expect(state.status).toBe('error');
    expect(state.error?.message).toBe('down');
  });

  it('passes the client and a signal to the query function', async () => {
    const queries = client();
    const queryFn = vi.fn(async (context: { client: QueryClient; signal: AbortSignal }) => {
      expect(context.client).toBe(queries);
      expect(context.signal).toBeInstanceOf(AbortSignal);
      return 1;
    });
    await queries.fetchQuery({ queryKey: ['x'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('invalidates by prefix: stale for the next reader, fetched again at once where read', async () => {
    const queries = client();
    let n = 0;
    const read = { queryKey: ['portfolios', 1], queryFn: async () => (n += 1) };
    const unread = { queryKey: ['portfolios', 2], queryFn: async () => (n += 1) };
    await queries.fetchQuery(read);
    await queries.fetchQuery(unread);
    const active = queries.getQueryCache().get(['portfolios', 1])!;
    active.options = read as never;
    active.active = 1;
    await queries.invalidateQueries({ queryKey: ['portfolios'] });
    expect(queries.getQueryData(['portfolios', 1])).toBe(3);
    expect(queries.getQueryCache().get(['portfolios', 2])!.state.isInvalidated).toBe(true);
    expect(await queries.fetchQuery(unread)).toBe(4);
  });

  it('sets one key, every matching key, removes and clears', () => {
    const queries = client();
    queries.setQueryData(['user', 'me', 't1'], { name: 'a' });
    queries.setQueryData(['user', 'me', 't2'], { name: 'a' });
    queries.setQueryData(['user', 'other'], { name: 'o' });
    queries.setQueriesData({ queryKey: ['user', 'me'] }, { name: 'b' });
    expect(queries.getQueryData(['user', 'me', 't1'])).toEqual({ name: 'b' });
    expect(queries.getQueryData(['user', 'me', 't2'])).toEqual({ name: 'b' });
    expect(queries.getQueryData(['user', 'other'])).toEqual({ name: 'o' });
    queries.setQueryData<{ name: string }>(['user', 'other'], (old) =>
      old ? { name: `${old.name}!` } : old,
    );
    expect(queries.getQueryData(['user', 'other'])).toEqual({ name: 'o!' });
    queries.removeQueries({ queryKey: ['user', 'me'] });
    expect(queries.getQueryData(['user', 'me', 't1'])).toBeUndefined();
    queries.clear();
    expect(queries.getQueryCache().getAll()).toEqual([]);
  });

  it('forgets what nobody read after its keeping time', async () => {
    vi.useFakeTimers();
    const queries = new QueryClient({ defaultOptions: { queries: { gcTime: 1000 } } });
    queries.setQueryData(['x'], 1);
    const stop = queries
      .getQueryCache()
      .get(['x'])!
      .subscribe(() => undefined);
    vi.advanceTimersByTime(5000);
    expect(queries.getQueryData(['x'])).toBe(1);
    stop();
    vi.advanceTimersByTime(999);
    expect(queries.getQueryData(['x'])).toBe(1);
    vi.advanceTimersByTime(1);
    expect(queries.getQueryData(['x'])).toBeUndefined();
  });

  it('fetches a growing list a page at a time, and all its pages again when asked again', async () => {
    const queries = client();
    const seen: (number | null)[] = [];
    const options = infiniteQueryOptions({
      queryKey: ['list'],
      queryFn: async ({ pageParam }) => {
        seen.push(pageParam);
        return { page: pageParam ?? 0, next: (pageParam ?? 0) < 2 ? (pageParam ?? 0) + 1 : null };
      },
      initialPageParam: null as number | null,
      getNextPageParam: (last) => last.next,
    });
    await queries.prefetchInfiniteQuery(options);
    const query = queries.getQueryCache().get(['list'])!;
    await query.fetch(options as never, { nextPage: true });
    await query.fetch(options as never, { nextPage: true });
    await query.fetch(options as never, { nextPage: true });
    expect(queries.getQueryData(options.queryKey)?.pages.map((page) => page.page)).toEqual([0, 1, 2]);
    expect(seen).toEqual([null, 1, 2]);
    await query.fetch(options as never, { restart: true });
    expect(seen).toEqual([null, 1, 2, null, 1, 2]);
    expect(queries.getQueryData(options.queryKey)?.pageParams).toEqual([null, 1, 2]);
  });

  it('a write during a fetch asks again, and the first fetch’s callers get the new answer', async () => {
    const queries = client();
    let n = 0;
    const resolvers: ((value: number) => void)[] = [];
    const options = {
      queryKey: ['x'],
      queryFn: () => new Promise<number>((resolve) => resolvers.push(resolve)),
    };
    queries.setQueryData(['x'], 0);
    const query = queries.getQueryCache().get<number>(['x'])!;
    const first = query.fetch(options as never);
    const second = query.fetch(options as never, { restart: true });
    resolvers[0]!((n += 1));
    resolvers[1]!((n += 1));
    expect(await first).toBe(2);
    expect(await second).toBe(2);
    expect(queries.getQueryData(['x'])).toBe(2);
  });

  it('dehydrates the answers it has and hydrates them into another client', async () => {
    const server = client();
    await server.fetchQuery({ queryKey: ['a', { q: 1 }], queryFn: async () => ({ v: 1 }) });
    await server
      .fetchQuery({
        queryKey: ['failed'],
        queryFn: async () => {
          throw new Error('no');
        },
      })
      .catch(() => undefined);
    const state = JSON.parse(JSON.stringify(dehydrate(server)));
    expect(state.queries.map((query: { queryKey: unknown }) => query.queryKey)).toEqual([['a', { q: 1 }]]);
    const browser = client();
    hydrate(browser, state);
    expect(browser.getQueryData(['a', { q: 1 }])).toEqual({ v: 1 });
    const queryFn = vi.fn(async () => ({ v: 2 }));
    await browser.prefetchQuery({ queryKey: ['a', { q: 1 }], queryFn });
    expect(queryFn).not.toHaveBeenCalled();
  });
});
