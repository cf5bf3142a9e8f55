import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { keepPreviousData, QueryClient } from './cache';
import { QueryClientProvider, useMutation, useQuery } from './react';

const wrap = (queries: QueryClient, ui: React.ReactNode) =>
  render(<QueryClientProvider client={queries}>{ui}</QueryClientProvider>);

function Page({ fetchPage }: { fetchPage: (page: number) => Promise<string> }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['page', page],
    queryFn: () => fetchPage(page),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <p>{query.isPending ? 'pending' : `${query.data}${query.isPlaceholderData ? ' (old)' : ''}`}</p>
      <button type="button" onClick={() => setPage((n) => n + 1)}>
        next
      </button>
    </div>
  );
}

describe('useQuery', () => {
  it('shows pending, the answer, and the previous answer while the next key is on its way', async () => {
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let release: (() => void) | undefined;
    const fetchPage = vi.fn(
      (page: number) =>
        new Promise<string>((resolve) => {
          if (page === 1) resolve('one');
          else release = () => resolve('two');
        }),
    );
    wrap(queries, <Page fetchPage={fetchPage} />);
    expect(screen.getByText('pending')).toBeTruthy();
    expect(await screen.findByText('one')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('one (old)')).toBeTruthy();
    await act(async () => release!());
    expect(await screen.findByText('two')).toBeTruthy();
  });

  it('reads hydrated data without asking, and a write’s invalidation fetches it again', async () => {
    const queries = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000 } } });
    queries.setQueryData(['n'], 1);
    let n = 1;
    const queryFn = vi.fn(async () => (n += 1));
    function Count() {
      const query = useQuery({ queryKey: ['n'], queryFn });
      return <p>{query.data}</p>;
    }
    wrap(queries, <Count />);
    expect(screen.getByText('1')).toBeTruthy();
    expect(queryFn).not.toHaveBeenCalled();
    await act(() => queries.invalidateQueries({ queryKey: ['n'] }));
    expect(screen.getByText('2')).toBeTruthy();
  });

  it('a disabled query asks nothing', () => {
    const queries = new QueryClient();
    const queryFn = vi.fn(async () => 1);
    function Off() {
      const query = useQuery({ queryKey: ['off'], queryFn, enabled: false });
      return <p>{query.status}</p>;
    }
    wrap(queries, <Off />);
    expect(screen.getByText('pending')).toBeTruthy();
    expect(queryFn).not.toHaveBeenCalled();
  });
});

describe('useMutation', () => {
  it('waits for the options’ onSuccess, then the call’s; the status follows, and reset clears it', async () => {
    const order: string[] = [];
    let finishInvalidation: (() => void) | undefined;
    function Save() {
      const save = useMutation({
        mutationFn: async (text: string) => text.toUpperCase(),
        onSuccess: () => {
          order.push('options');
          return new Promise<void>((resolve) => (finishInvalidation = resolve));
        },
      });
      return (
        <div>
          <p>{save.status}</p>
          <p>{save.isSuccess ? save.data : ''}</p>
          <button type="button" onClick={() => save.mutate('hi', { onSuccess: () => order.push('call') })}>
            save
          </button>
          <button type="button" onClick={save.reset}>
            reset
          </button>
        </div>
      );
    }
    wrap(new QueryClient(), <Save />);
    fireEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('pending')).toBeTruthy();
    await waitFor(() => expect(order).toEqual(['options']));
    expect(screen.getByText('pending')).toBeTruthy();
    await act(async () => finishInvalidation!());
    expect(await screen.findByText('HI')).toBeTruthy();
    expect(order).toEqual(['options', 'call']);
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('keeps a failure for the component and calls onError', async () => {
    const onError = vi.fn();
    function Fail() {
      const save = useMutation({
        mutationFn: async () => {
          throw new Error('refused');
        },
        onError: (error: Error) => onError(error),
      });
      return (
        <div>
          <p>{save.isError ? save.error.message : save.status}</p>
          <button type="button" onClick={() => save.mutate()}>
            save
          </button>
        </div>
      );
    }
    wrap(new QueryClient(), <Fail />);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('refused')).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
