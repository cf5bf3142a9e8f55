import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { EmbedSnippets } from './embed-snippets';
import { SnippetFields } from './snippet-fields';

const SNIPPETS = [
  {
    label: 'Markdown',
    code: '[![Aziza](https://portfolio.uz/embed/profile/aziza.svg)](https://portfolio.uz)',
  },
  { label: 'Manzil', code: 'https://portfolio.uz/profile/aziza' },
];

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

/** Opens the fold; what is inside is rendered once it is open. */
async function open() {
  fireEvent.click(screen.getByText('README uchun nishon'));
  expect(screen.getByText('README uchun nishon').closest('details')!.open).toBe(true);
  await screen.findByLabelText('Manzil');
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('snippets to paste elsewhere', () => {
  it('copies the snippet its button stands under, and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    clipboard(writeText);
    render(
      <EmbedSnippets title="README uchun nishon">
        <SnippetFields snippets={SNIPPETS} />
      </EmbedSnippets>,
    );
    // Folded at first: nothing to copy is in the way until the reader opens it.
    expect(screen.getByText('README uchun nishon').closest('details')!.open).toBe(false);
    expect(screen.queryByLabelText('Manzil')).toBeNull();
    await open();
    expect((screen.getByLabelText('Manzil') as HTMLTextAreaElement).value).toBe(SNIPPETS[1]!.code);
    fireEvent.click(screen.getAllByRole('button', { name: 'Nusxalash' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('Nusxalandi'));
    expect(writeText).toHaveBeenCalledWith(SNIPPETS[0]!.code);
    expect(screen.getAllByRole('status')[1]!.textContent).toBe('');
  });

  it('selects the text to copy by hand when the clipboard refuses', async () => {
    clipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    render(
      <EmbedSnippets title="README uchun nishon">
        <SnippetFields snippets={SNIPPETS} />
      </EmbedSnippets>,
    );
    await open();
    fireEvent.click(screen.getAllByRole('button', { name: 'Nusxalash' })[1]!);
    await waitFor(() => expect(screen.getAllByRole('status')[1]!.textContent).toContain('Nusxalab bo‘lmadi'));
    const field = screen.getByLabelText('Manzil') as HTMLTextAreaElement;
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, SNIPPETS[1]!.code.length]);
  });
});
