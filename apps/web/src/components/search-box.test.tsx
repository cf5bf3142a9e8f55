import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box';
import { renderWithProviders } from '../test/render';

describe('SearchBox', () => {
  afterEach(() => vi.useRealTimers());

  it('searches once typing pauses, and clears with the clear icon', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderWithProviders(<SearchBox value="" onSearch={onSearch} delay={300} />);
    const input = screen.getByPlaceholderText('Kerakli narsani qidiring');
    expect(screen.queryByRole('button', { name: 'Qidiruvni tozalash' })).toBeNull();
    fireEvent.change(input, { target: { value: 're' } });
    fireEvent.change(input, { target: { value: 'react ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('react');
    fireEvent.click(screen.getByRole('button', { name: 'Qidiruvni tozalash' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect((input as HTMLInputElement).value).toBe('');
  });
});
