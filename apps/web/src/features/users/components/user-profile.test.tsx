import type { PortfolioSummary, User } from '@portfolio-master/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { UserProfile } from './user-profile';

const author = { _id: 'a'.repeat(24), username: 'ali', firstname: 'Ali', lastname: 'Valiyev', image: null };
const user: User = {
  ...author,
  email: null,
  emailPublic: false,
  isAdmin: true,
  description: 'Backend dasturchi',
  skills: ['Go'],
  githubProfile: 'ali-dev',
  telegramProfile: '',
  registeredDate: '2026-01-01T00:00:00Z',
  portfolios: [],
  portfoliosCount: 0,
  followersCount: 0,
  followingCount: 0,
  followedByMe: false,
};
const summary = (n: number): PortfolioSummary => ({
  _id: String(n).padStart(24, '0'),
  linktitle: `ali_Loyiha_${n}`,
  title: `Loyiha ${n}`,
  description: '',
  url: 'https://example.com',
  repoUrl: null,
  images: [],
  used: [],
  date: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  author: { ...author, isAdmin: true },
  likesCount: 0,
  commentsCount: 0,
  likedByMe: false,
});

describe('UserProfile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the person, then their portfolios ten at a time', async () => {
    const total = 13;
    const requested: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        requested.push(url);
        const page = Number(url.searchParams.get('page'));
        const first = (page - 1) * 10;
        const items = Array.from({ length: Math.min(10, total - first) }, (_, i) => summary(first + i + 1));
        return jsonResponse({ items, total, page, limit: 10, pageCount: 2 });
      }),
    );
    renderWithProviders(<UserProfile user={user} />);
    expect(screen.getByRole('heading', { level: 1, name: /Ali Valiyev/ })).toBeTruthy();
    expect(screen.getByTitle('Bu foydalanuvchi admin')).toBeTruthy();
    expect(screen.getByText('Email yashirilgan')).toBeTruthy();
    expect(screen.getByRole('link', { name: /GitHub/ }).getAttribute('href')).toBe(
      'https://github.com/ali-dev',
    );

    await screen.findByRole('link', { name: 'Loyiha 10' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(requested[0]!.searchParams.get('author')).toBe('ali');
    fireEvent.click(screen.getByRole('button', { name: 'Yana ko‘rsatish' }));
    await screen.findByRole('link', { name: 'Loyiha 13' });
    expect(screen.getAllByRole('article')).toHaveLength(13);
    expect(requested[1]!.searchParams.get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Yana ko‘rsatish' })).toBeNull();
  });
});
