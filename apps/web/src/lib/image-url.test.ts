import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl } from './image-url';

describe('image addresses', () => {
  it('asks the server for one of its widths', () => {
    expect(imageUrl('a b.webp')).toBe('/image/a%20b.webp');
    expect(imageUrl('a.webp', 512)).toBe('/image/a.webp?w=512');
  });

  it('lists the server widths 64 to 1600 in a srcset, from a minimum up', () => {
    expect(imageSrcSet('a.webp', 64)).toBe(
      [64, 128, 256, 512, 1024, 1600].map((w) => `/image/a.webp?w=${w} ${w}w`).join(', '),
    );
    expect(imageSrcSet('a.webp', 512)).toBe(
      '/image/a.webp?w=512 512w, /image/a.webp?w=1024 1024w, /image/a.webp?w=1600 1600w',
    );
  });
});
