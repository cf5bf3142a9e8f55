import { describe, expect, it } from 'vitest';
import { LikeSlots } from './like-slots.js';

const card = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  title: `Karta ${id}`,
  author: { _id: `u${id}`, username: 'ali' },
  ...extra,
  likedByMe: false,
});

describe('LikeSlots', () => {
  it('finds each portfolio’s flag and sets the viewer’s, leaving every other byte as it was', () => {
    const page = { items: [card('a'), card('b'), card('c')], total: 3, page: 1 };
    const json = JSON.stringify(page);
    const slots = LikeSlots.of(json)!;
    expect(slots.ids).toEqual(['a', 'b', 'c']);
    expect(slots.listLikers).toBe(false);
    expect(slots.with(new Set()).toString()).toBe(json);
    const liked = new Set(['b', 'elsewhere']);
    expect(slots.anyIn(liked)).toBe(true);
    expect(slots.anyIn(new Set(['elsewhere']))).toBe(false);
    expect(JSON.parse(slots.with(liked).toString())).toEqual({
      ...page,
      items: [card('a'), { ...card('b'), likedByMe: true }, card('c')],
    });
  });

  it('is not misled by the flag’s text inside a string, and handles text that is not ASCII', () => {
    const tricky = card('x', { description: 'Matnda "likedByMe":false bor — o‘zbekcha ‘’' });
    const json = JSON.stringify([tricky, card('y')]);
    const slots = LikeSlots.of(json)!;
    expect(slots.ids).toEqual(['x', 'y']);
    expect(JSON.parse(slots.with(new Set(['x'])).toString())).toEqual([
      { ...tricky, likedByMe: true },
      card('y'),
    ]);
  });

  it('says when a like changes more than the flag: a portfolio in detail lists its likers', () => {
    const detail = card('d', { likes: ['u1', 'u2'] });
    expect(LikeSlots.of(JSON.stringify(detail))!.listLikers).toBe(true);
    expect(LikeSlots.of(JSON.stringify({ items: [] }))!.ids).toEqual([]);
  });

  it('gives no slots for an answer whose flags it cannot pair with portfolios', () => {
    // A flag already set (not an answer as everyone sees it), or a portfolio without an id.
    expect(LikeSlots.of(JSON.stringify([{ ...card('a'), likedByMe: true }]))).toBeUndefined();
    expect(LikeSlots.of(JSON.stringify([{ likedByMe: false }]))).toBeUndefined();
    // Spaced JSON: the flags are not where the compact form has them.
    expect(LikeSlots.of(JSON.stringify([card('a')], null, 1))).toBeUndefined();
  });
});
