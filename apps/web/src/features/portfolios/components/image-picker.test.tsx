import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { galleryOrder, ImagePicker, type GalleryItem } from './image-picker';

const existing = (name: string, alt = ''): GalleryItem => ({ kind: 'existing', key: name, name, alt });

let latest: GalleryItem[] = [];

/** The picker with its items in state, as the form holds them; `latest` is what it last changed them to. */
function Harness({ initial }: { initial: GalleryItem[] }) {
  const [items, setItems] = useState(initial);
  latest = items;
  return <ImagePicker items={items} onChange={setItems} />;
}

const descriptions = () => screen.getAllByLabelText<HTMLInputElement>('Rasm tavsifi');

describe('ImagePicker', () => {
  it('gives each picture a labelled description of at most 200 characters, prefilled with its own', () => {
    render(<Harness initial={[existing('a.webp', 'Bosh sahifa'), existing('b.webp')]} />);
    const inputs = descriptions();
    expect(inputs.map((input) => input.value)).toEqual(['Bosh sahifa', '']);
    for (const input of inputs) {
      expect(input.maxLength).toBe(200);
      // A real <label> names it.
      expect(input.labels?.[0]?.textContent).toBe('Rasm tavsifi');
    }
    // Each description sits with its own picture.
    const thumbs = within(screen.getByRole('list', { name: 'Rasmlar' })).getAllByRole('listitem');
    expect(within(thumbs[0]!).getByLabelText<HTMLInputElement>('Rasm tavsifi').value).toBe('Bosh sahifa');
    // The thumbnail itself is described by it too.
    expect(within(thumbs[0]!).getByRole('img').getAttribute('alt')).toBe('Bosh sahifa');
    expect(within(thumbs[1]!).getByRole('img').getAttribute('alt')).toBe('2');
  });

  it('keeps a description with its picture when pictures are moved and removed', () => {
    render(<Harness initial={[existing('a.webp'), existing('b.webp'), existing('c.webp')]} />);
    fireEvent.change(descriptions()[1]!, { target: { value: 'Savatcha' } });
    fireEvent.change(descriptions()[2]!, { target: { value: 'To‘lov' } });
    fireEvent.click(screen.getByRole('button', { name: 'Oldinga surish (3)' }));
    expect(latest.map((item) => [item.key, item.alt])).toEqual([
      ['a.webp', ''],
      ['c.webp', 'To‘lov'],
      ['b.webp', 'Savatcha'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Olib tashlash (1)' }));
    expect(descriptions().map((input) => input.value)).toEqual(['To‘lov', 'Savatcha']);
  });

  it('orders the pictures as the server stores them: kept ones first, then new files', () => {
    const file = new File(['x'], 'new.png', { type: 'image/png' });
    const items: GalleryItem[] = [
      { kind: 'new', key: 'new-a', file, alt: 'Yangi' },
      existing('old.webp', 'Eski'),
    ];
    expect(galleryOrder(items).map((item) => item.alt)).toEqual(['Eski', 'Yangi']);
  });
});
