import { describe, expect, it } from 'vitest';
import {
  filterToggleHref,
  listHref,
  parseFilter,
  readListLocation,
  searchHref,
  toggleTechnology,
} from './list-query';

describe('filter toggling', () => {
  it('adds a checked technology and removes an unchecked one', () => {
    expect(toggleTechnology([], 'React')).toEqual(['React']);
    expect(toggleTechnology(['React'], 'Node.js')).toEqual(['React', 'Node.js']);
    expect(toggleTechnology(['React', 'Node.js'], 'react')).toEqual(['Node.js']);
  });

  it('goes to page 1 of the new filter, keeping the search', () => {
    expect(filterToggleHref(['React'], 'Node.js', 'chat')).toBe('/page/1?filter=React,Node.js&q=chat');
  });

  it('returns to /page/1 with no query when the selection becomes empty', () => {
    expect(filterToggleHref(['React'], 'React', 'chat')).toBe('/page/1');
  });

  it('parses the comma list from the URL', () => {
    expect(parseFilter('React, Node.js,,react')).toEqual(['React', 'Node.js']);
    expect(parseFilter(null)).toEqual([]);
  });

  it('builds list addresses', () => {
    expect(listHref(3)).toBe('/page/3');
    expect(listHref(1, [], 'a b')).toBe('/page/1?q=a+b');
  });

  it('orders a search best match first unless the address names another order', () => {
    const read = (search: string) => readListLocation('1', new URLSearchParams(search))?.sort;
    expect(read('q=kutubxona')).toBe('relevance');
    expect(read('q=kutubxona&sort=new')).toBe('new');
    expect(read('q=kutubxona&sort=nonsense')).toBe('relevance');
    expect(read('')).toBe('new');
    expect(read('sort=relevance')).toBe('new');
    expect(listHref(1, [], 'kutubxona', 'relevance')).toBe('/page/1?q=kutubxona');
    expect(listHref(1, [], 'kutubxona', 'new')).toBe('/page/1?q=kutubxona&sort=new');
    expect(listHref(2, [], '', 'new')).toBe('/page/2');
  });

  it('starts a search in its own order unless the reader chose another', () => {
    expect(searchHref({ filter: [], q: '', sort: 'new' }, 'kutubxona')).toBe('/page/1?q=kutubxona');
    expect(searchHref({ filter: ['Go'], q: '', sort: 'popular' }, 'bot')).toBe(
      '/page/1?filter=Go&q=bot&sort=popular',
    );
    expect(searchHref({ filter: [], q: 'bot', sort: 'relevance' }, '')).toBe('/page/1');
    expect(searchHref({ filter: [], q: 'bot', sort: 'new' }, 'chat')).toBe('/page/1?q=chat&sort=new');
  });
});
