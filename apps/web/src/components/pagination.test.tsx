import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { pageItems, Pagination } from './pagination';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
  });
  it('keeps the first, last and neighbours, with gaps between', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20]);
  });
  it('fills a gap of one page with that page', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
  it('shows only page 1 without items', () => {
    expect(pageItems(1, 0)).toEqual([1]);
  });
});

describe('Pagination', () => {
  const hrefFor = (n: number) => `/page/${n}?filter=React`;

  it('highlights the current page and links the arrows', () => {
    renderWithProviders(<Pagination page={2} pageCount={3} hrefFor={hrefFor} />);
    const current = screen.getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Oldingi sahifa' }).getAttribute('href')).toBe(
      '/page/1?filter=React',
    );
    expect(screen.getByRole('link', { name: 'Keyingi sahifa' }).getAttribute('href')).toBe(
      '/page/3?filter=React',
    );
  });

  it('disables the arrows at the ends', () => {
    renderWithProviders(<Pagination page={1} pageCount={1} hrefFor={hrefFor} />);
    expect(screen.getByRole('link', { name: 'Oldingi sahifa' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Keyingi sahifa' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByRole('link', { name: /-sahifa$/ }).map((link) => link.textContent)).toEqual(['1']);
  });

  it('shows only page 1 when there are no items', () => {
    renderWithProviders(<Pagination page={1} pageCount={0} hrefFor={hrefFor} />);
    expect(screen.getAllByRole('link', { name: /-sahifa$/ })).toHaveLength(1);
  });
});
