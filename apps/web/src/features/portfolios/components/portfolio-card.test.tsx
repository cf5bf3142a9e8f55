import type { PortfolioSummary } from '@portfolio-master/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PortfolioCard } from './portfolio-card';

const summary: PortfolioSummary = {
  _id: 'a'.repeat(24),
  linktitle: 'ali_Kutubxona',
  title: 'Kutubxona',
  description: '',
  url: 'https://kutubxona.uz',
  repoUrl: 'https://github.com/ali/kutubxona',
  images: [],
  imageAlts: [],
  used: ['Go'],
  date: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  author: {
    _id: 'b'.repeat(24),
    username: 'ali',
    firstname: 'Ali',
    lastname: 'Valiyev',
    image: null,
    isAdmin: false,
    openToWork: 'not',
  },
  likesCount: 0,
  commentsCount: 0,
  likedByMe: false,
};

describe('PortfolioCard', () => {
  it('shows its repository’s stars on GitHub once they are known', () => {
    renderWithProviders(<PortfolioCard portfolio={{ ...summary, github: { stars: 42, language: 'Go' } }} />);
    const stars = screen.getByTitle('GitHub’dagi yulduzlar: 42');
    expect(stars.textContent?.trim()).toBe('42 yulduz');
  });

  it('shows no stars before they are', () => {
    renderWithProviders(<PortfolioCard portfolio={summary} />);
    expect(screen.queryByText(/yulduz/)).toBeNull();
  });

  it('shows accepted co-authors as a second avatar linking to their profile', () => {
    renderWithProviders(
      <PortfolioCard
        portfolio={{
          ...summary,
          coauthors: [{ ...summary.author, _id: 'c'.repeat(24), username: 'dilnoza', firstname: 'Dilnoza' }],
        }}
      />,
    );
    const coauthors = screen.getByRole('list', { name: 'Hammualliflar' });
    const link = coauthors.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/profile/dilnoza');
    expect(link?.getAttribute('title')).toBe('Dilnoza Valiyev');
  });
});
