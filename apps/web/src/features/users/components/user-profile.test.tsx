import type { PortfolioSummary, User } from '@portfolio-master/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { UserProfile } from './user-profile';
import { aUser } from '../../../test/users';

const author = { _id: 'a'.repeat(24), username: 'ali', firstname: 'Ali', lastname: 'Valiyev', image: null };
const user = aUser({
  ...author,
  email: null,
  isAdmin: true,
  description: 'Backend dasturchi',
  skills: ['Go'],
  githubProfile: 'ali-dev',
});
const summary = (n: number): PortfolioSummary => ({
  _id: String(n).padStart(24, '0'),
  linktitle: `ali_Loyiha_${n}`,
  title: `Loyiha ${n}`,
  description: '',
  url: 'https://example.com',
  repoUrl: null,
  images: [],
  imageAlts: [],
  used: [],
  date: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  author: { ...author, isAdmin: true, openToWork: 'not' },
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

describe('UserProfile as a CV', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The profile of `changes`, its portfolios answered by `list` (3 of them by default). */
  function show(changes: Partial<User>, { locale = 'uz-Latn' as const, list = [1, 2, 3] } = {}) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ items: list.map(summary), total: list.length, page: 1, limit: 10, pageCount: 1 }),
      ),
    );
    return renderWithProviders(<UserProfile user={{ ...user, ...changes }} />, { locale });
  }
  const offer = (status: User['openToWork']['status']) => ({
    openToWork: { status, roles: ['Frontend dasturchi'], employment: ['full' as const], remote: true },
  });

  it.each([
    ['looking', 'Ishga tayyor'],
    ['open', 'Takliflarga ochiq'],
  ] as const)('shows the %s badge with the roles, kinds of work and remote', (status, badge) => {
    show(offer(status));
    expect(screen.getByText(badge)).toBeTruthy();
    expect(screen.getByText('Frontend dasturchi')).toBeTruthy();
    expect(screen.getByText('To‘liq stavka · Masofadan ham')).toBeTruthy();
  });

  it('shows no badge for a person who looks for no work', () => {
    show(offer('not'));
    expect(screen.queryByText('Ishga tayyor')).toBeNull();
    expect(screen.queryByText('Takliflarga ochiq')).toBeNull();
    expect(screen.queryByText('Ish qidirmayapti')).toBeNull();
    expect(screen.queryByText('Frontend dasturchi')).toBeNull();
  });

  it('shows the headline, the region and the links that are the person', () => {
    show({
      headline: 'Backend dasturchi, Go',
      city: 'samarqand',
      website: 'https://ali.dev/',
      linkedin: 'https://www.linkedin.com/in/ali',
    });
    expect(screen.getByText('Backend dasturchi, Go')).toBeTruthy();
    expect(screen.getByText(/Samarqand viloyati/)).toBeTruthy();
    const site = screen.getByRole('link', { name: /ali\.dev/ });
    expect(site.getAttribute('href')).toBe('https://ali.dev/');
    expect(site.getAttribute('rel')).toBe('me noopener');
    expect(screen.getByRole('link', { name: /LinkedIn/ }).getAttribute('rel')).toBe('me noopener');
  });

  it('writes experience from month to month, or until now, in the page’s language', () => {
    const experience = [
      { role: 'Frontend dasturchi', company: 'Uzum', from: '2023-03', to: null },
      { role: 'Stajyor', company: 'EPAM', from: '2022-06', to: '2023-02' },
    ];
    const education = [{ school: 'TATU', field: 'Dasturiy injiniring', from: 2018, to: 2022 }];
    const { unmount } = show({ experience, education });
    const jobs = within(screen.getByRole('region', { name: 'Ish tajribasi' })).getAllByRole('listitem');
    expect(jobs.map((job) => job.textContent)).toEqual([
      'Frontend dasturchiUzum03.2023 – hozirgacha',
      'StajyorEPAM06.2022 – 02.2023',
    ]);
    const schools = within(screen.getByRole('region', { name: 'Ta’lim' })).getByRole('listitem');
    expect(schools.textContent).toBe('TATUDasturiy injiniring2018 – 2022');
    unmount();

    show({ experience }, { locale: 'en' as never });
    const english = within(screen.getByRole('region', { name: 'Experience' })).getAllByRole('listitem');
    expect(english[0]!.textContent).toContain('March 2023 – present');
    expect(english[1]!.textContent).toContain('June 2022 – February 2023');
  });

  it('marks an affiliation an admin verified, and only that one', () => {
    const { unmount } = show({ affiliation: { kind: 'itpark', name: 'IT Park', verified: true } });
    expect(screen.getByText(/IT Park rezidenti/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Admin tomonidan tasdiqlangan' })).toBeTruthy();
    unmount();
    show({ affiliation: { kind: 'company', name: 'Uzum', verified: false } });
    expect(screen.getByText('Uzum')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Admin tomonidan tasdiqlangan' })).toBeNull();
  });

  it('shows the pinned portfolios first, in the owner’s order, and the rest without them', async () => {
    const ref = (n: number) => {
      const { _id, linktitle, title, images, imageAlts } = summary(n);
      return { _id, linktitle, title, images, imageAlts };
    };
    show({ pinned: [ref(3), ref(1)], portfoliosCount: 3 });
    await screen.findByRole('link', { name: 'Loyiha 2' });
    const titles = screen
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['Loyiha 3', 'Loyiha 1', 'Loyiha 2']);
    expect(
      within(screen.getByRole('region', { name: 'Tanlangan ishlar' })).getAllByRole('article'),
    ).toHaveLength(2);
  });
});
