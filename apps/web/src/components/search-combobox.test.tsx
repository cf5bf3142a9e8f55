import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchCombobox, type SuggestionGroup } from './search-combobox';
import { render } from '../test/render';

const GROUPS: SuggestionGroup[] = [
  {
    key: 'portfolios',
    label: 'Portfoliolar',
    options: [
      { key: 'p1', label: 'Kutubxona', href: '/portfolio/kutubxona' },
      { key: 'p2', label: 'Kutubxonachi', href: '/portfolio/kutubxonachi' },
    ],
  },
  { key: 'people', label: 'Dasturchilar', options: [] },
  {
    key: 'technologies',
    label: 'Texnologiyalar',
    options: [{ key: 'Kotlin', label: 'Kotlin', href: '/page/1?filter=Kotlin' }],
  },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Renders the box, types `text` and lets the pause pass so the suggestions arrive. */
async function typed(text: string) {
  const suggest = vi.fn((_q: string, _signal: AbortSignal) => Promise.resolve(GROUPS));
  const onPick = vi.fn();
  const onSearch = vi.fn();
  render(
    <SearchCombobox action="/search" suggest={suggest} onPick={onPick} onSearch={onSearch} delay={250} />,
  );
  const input = screen.getByRole('combobox');
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(250);
  });
  return { input, suggest, onPick, onSearch };
}

describe('SearchCombobox', () => {
  it('is a plain GET form to the search page, the input named q', () => {
    render(<SearchCombobox action="/ru/search" suggest={vi.fn()} onPick={vi.fn()} onSearch={vi.fn()} />);
    const form = screen.getByRole('search') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/ru/search');
    expect(form.getAttribute('method')).toBe('get');
    expect((screen.getByRole('combobox') as HTMLInputElement).name).toBe('q');
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('false');
  });

  it('asks once typing pauses, and shows the groups with a count for screen readers', async () => {
    const { input, suggest } = await typed('kut');
    expect(suggest).toHaveBeenCalledOnce();
    expect(suggest.mock.calls[0]![0]).toBe('kut');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getAllByRole('group').map((group) => group.textContent)).toEqual([
      'PortfoliolarKutubxonaKutubxonachi',
      'TexnologiyalarKotlin',
    ]);
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('3 ta taklif');
  });

  it('does not ask for one letter, nor for every key typed quickly', async () => {
    const suggest = vi.fn((_q: string, _signal: AbortSignal) => Promise.resolve(GROUPS));
    render(
      <SearchCombobox action="/search" suggest={suggest} onPick={vi.fn()} onSearch={vi.fn()} delay={250} />,
    );
    const input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'k' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(suggest).not.toHaveBeenCalled();
    for (const text of ['ku', 'kut', 'kutu']) {
      fireEvent.change(input, { target: { value: text } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
    }
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(suggest.mock.calls.map((call) => call[0])).toEqual(['kutu']);
  });

  it('moves with ArrowDown and ArrowUp, wrapping, and names the current option', async () => {
    const { input } = await typed('kut');
    const options = screen.getAllByRole('option');
    const current = () => input.getAttribute('aria-activedescendant');
    expect(current()).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(current()).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(current()).toBe(options[2]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(current()).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(current()).toBe(options[2]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');
  });

  it('follows the current option on Enter, and sends the search without one', async () => {
    const { input, onPick, onSearch } = await typed('kut');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('/portfolio/kutubxonachi');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.submit(screen.getByRole('search'));
    expect(onSearch).toHaveBeenCalledWith('kut');
  });

  it('closes on Escape, then clears the box on a second Escape', async () => {
    const { input } = await typed('kut');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-activedescendant')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('kut');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect((input as HTMLInputElement).value).toBe('');
    // ArrowDown opens the list again when there is one.
    fireEvent.change(input, { target: { value: 'kut' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('follows an option clicked with the mouse', async () => {
    const { onPick } = await typed('kut');
    fireEvent.click(screen.getByRole('option', { name: 'Kotlin' }));
    expect(onPick).toHaveBeenCalledWith('/page/1?filter=Kotlin');
  });

  it('keeps the current option when the suggestions for more letters still hold it', async () => {
    const { input } = await typed('kut');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const current = screen.getByRole('option', { name: 'Kutubxonachi' });
    expect(input.getAttribute('aria-activedescendant')).toBe(current.id);
    fireEvent.change(input, { target: { value: 'kutub' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(250);
    });
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { name: 'Kutubxonachi' }).id,
    );
  });
});
