import type { MentionCandidate } from '@portfolio-master/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { MentionTextarea, mentionAt } from './mention-textarea';

const person = (
  id: string,
  username: string,
  firstname = 'Ism',
  lastname = 'Familiya',
): MentionCandidate => ({
  _id: id.padStart(24, '0'),
  username,
  firstname,
  lastname,
  image: null,
});
const author = person('1', 'sardor_dev', 'Sardor', 'Karimov');
const commenter = person('2', 'salima', 'Salima', 'Olimova');
const me = person('3', 'samandar', 'Samandar', 'Aliyev');

function Box({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  return (
    <>
      <label htmlFor="box">Izohingiz</label>
      <MentionTextarea
        id="box"
        value={text}
        onChange={setText}
        participants={[author, commenter, me]}
        selfId={me._id}
      />
      <pre data-testid="text">{text}</pre>
    </>
  );
}

/** An option's name and username, as read. */
const shown = (option: HTMLElement) =>
  ['.mention-option__name', '.mention-option__username']
    .map((part) => option.querySelector(part)?.textContent)
    .join(' ');

/** Types `text` into the box with the caret at its end, as a person would. */
function type(box: HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
}

describe('mentionAt', () => {
  it('finds the @name being typed at the caret, and nothing inside an address or a word', () => {
    expect(mentionAt('Salom @sar', 10)).toEqual({ start: 6, query: 'sar' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('(@ali_v.x', 9)).toEqual({ start: 1, query: 'ali_v.x' });
    expect(mentionAt('ali@misol', 9)).toBeNull();
    expect(mentionAt('Salom @sar dedi', 15)).toBeNull();
    expect(mentionAt('@@ali', 5)).toBeNull();
    expect(mentionAt(`@${'a'.repeat(31)}`, 32)).toBeNull();
  });
});

describe('MentionTextarea', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('suggests the conversation first, then the server’s, never the writer; the keyboard picks one', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      expect(url).toContain('/mentions/suggest?q=sa');
      return jsonResponse({ items: [person('4', 'sanjar'), commenter, me] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Izohingiz' });
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    type(box, 'Rahmat @sa');

    const list = await screen.findByRole('listbox', { name: 'Eslatish uchun foydalanuvchilar' });
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    const options = screen.getAllByRole('option');
    expect(options.map(shown)).toEqual([
      'Sardor Karimov @sardor_dev',
      'Salima Olimova @salima',
      'Ism Familiya @sanjar',
    ]);
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('3 ta taklif').getAttribute('aria-live')).toBe('polite');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('text').textContent).toBe('Rahmat @sanjar ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the conversation right after @, closes on Escape without leaving the box, and Tab picks too', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ items: [] })),
    );
    const escaped = vi.fn();
    renderWithProviders(
      <div onKeyDown={(event) => event.key === 'Escape' && escaped()}>
        <Box initial="" />
      </div>,
    );
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Izohingiz' });
    type(box, '@');
    expect(screen.getAllByRole('option').map(shown)).toEqual([
      'Sardor Karimov @sardor_dev',
      'Salima Olimova @salima',
    ]);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(escaped).not.toHaveBeenCalled();

    type(box, '@ K');
    type(box, '@ Karimov @Ol');
    fireEvent.keyDown(box, { key: 'Tab' });
    expect(screen.getByTestId('text').textContent).toBe('@ Karimov @salima ');
  });

  it('stays a plain box for an address and for text without @', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Box />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Izohingiz' });
    type(box, 'yozing: sardor@misol.uz');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('text').textContent).toBe('yozing: sardor@misol.uz');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
