import type {
  AuditPage,
  ReportQueueItem,
  ReportQueuePage,
  SiteStats,
  User,
} from '@portfolio-master/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/auth-token';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { AdminRoute } from './admin';
import { fullDate, shortDate } from '../../lib/format';
import { aUser } from '../../test/users';

const person = (id: string, firstname: string, extra: Partial<User> = {}) => ({
  _id: id.repeat(24),
  username: firstname.toLowerCase(),
  firstname,
  lastname: 'Karimov',
  image: null,
  isAdmin: false,
  ...extra,
});
const admin = aUser({ ...person('1', 'Admin', { isAdmin: true }), email: 'admin@example.uz' });
const author = person('2', 'Muallif');
const reporter = person('3', 'Shikoyatchi');

const portfolioItem: ReportQueueItem = {
  target: {
    kind: 'portfolio',
    _id: 'a'.repeat(24),
    exists: true,
    label: 'Spam loyiha',
    path: '/portfolio/muallif_Spam_loyiha',
    owner: author,
    hidden: null,
    ownerBlocked: null,
    revisions: [],
  },
  reports: [
    {
      _id: 'r'.repeat(24),
      reason: 'spam',
      details: 'Reklama havolalari bor',
      date: new Date().toISOString(),
      status: 'open',
      reporter,
    },
  ],
  reportsCount: 1,
  lastDate: new Date().toISOString(),
};
const userItem: ReportQueueItem = {
  target: {
    kind: 'user',
    _id: author._id,
    exists: true,
    label: 'Muallif Karimov',
    path: '/profile/muallif',
    owner: author,
    hidden: { reason: 'Soxta profil', date: '2026-05-01T10:00:00Z' },
    ownerBlocked: { until: null, reason: 'Spam', date: '2026-05-01T10:00:00Z' },
    revisions: [],
  },
  reports: [
    {
      _id: 's'.repeat(24),
      reason: 'other',
      details: '',
      date: new Date().toISOString(),
      status: 'open',
      reporter,
    },
  ],
  reportsCount: 3,
  lastDate: new Date().toISOString(),
};
const queuePage = (items: ReportQueueItem[]): ReportQueuePage => ({
  items,
  total: items.length,
  page: 1,
  limit: 10,
  pageCount: 1,
});
const stats: SiteStats = {
  users: 42,
  portfolios: 17,
  comments: 88,
  hiddenPortfolios: 2,
  hiddenComments: 1,
  openReports: 5,
  blockedUsers: 3,
  signupsByWeek: Array.from({ length: 12 }, (_, index) => ({
    week: `2026-0${index < 6 ? 3 : 4}-${String(2 + (index % 6) * 4).padStart(2, '0')}`,
    count: index,
  })),
};
const audit: AuditPage = {
  items: [
    {
      _id: 'e'.repeat(24),
      date: '2026-05-02T07:30:00Z',
      admin: person('1', 'Admin', { isAdmin: true }),
      action: 'block',
      target: { kind: 'user', _id: author._id, label: 'Muallif Karimov' },
      reason: 'Takroriy spam',
      until: '2026-05-09T07:30:00Z',
    },
    {
      _id: 'f'.repeat(24),
      date: '2026-05-01T07:30:00Z',
      admin: null,
      action: 'hide',
      target: { kind: 'portfolio', _id: 'a'.repeat(24), label: 'Spam loyiha' },
      reason: 'Reklama',
      until: null,
    },
  ],
  total: 2,
  page: 1,
  limit: 10,
  pageCount: 1,
};

type Call = [string, RequestInit];

/** The API as an admin (or `me`) sees it; moderation answers with one closed report. */
function serve({ me = admin, items = [portfolioItem] }: { me?: User; items?: ReportQueueItem[] } = {}) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/user/me') return jsonResponse(me);
    if (url.startsWith('/api/admin/reports')) return jsonResponse(queuePage(items));
    if (url === '/api/admin/stats') return jsonResponse(stats);
    if (url.startsWith('/api/admin/audit')) return jsonResponse(audit);
    if (init.method === 'POST' && url.startsWith('/api/admin/')) return jsonResponse({ closedReports: 1 });
    return jsonResponse({ detail: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () => fetchMock.mock.calls as unknown as Call[];
  return {
    calls,
    posted: (path: string) =>
      calls()
        .filter(([url, init]) => url === `/api/admin/${path}` && init.method === 'POST')
        .map(([, init]) => JSON.parse(String(init.body)) as unknown),
    queueReads: () => calls().filter(([url]) => url.startsWith('/api/admin/reports')).length,
  };
}

describe('AdminRoute', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells someone who is not an admin that the page is for admins', async () => {
    setToken('secret');
    const api = serve({ me: { ...admin, isAdmin: false } });
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Bu sahifa faqat adminlar uchun' })).toBeTruthy();
    expect(api.calls().some(([url]) => url.startsWith('/api/admin'))).toBe(false);
  });

  it('asks a visitor to sign in', () => {
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    expect(screen.getByRole('heading', { name: 'Tizimga kiring' })).toBeTruthy();
  });

  it('shows each reported thing with its owner and reports', async () => {
    setToken('secret');
    serve({ items: [portfolioItem, userItem] });
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderatsiya' })).toBeTruthy();
    const sections = within(screen.getByRole('navigation', { name: 'Moderatsiya bo‘limlari' }));
    expect(sections.getByRole('link', { name: 'Shikoyatlar' }).getAttribute('aria-current')).toBe('page');

    const item = (await screen.findByRole('heading', { name: 'Spam loyiha' })).closest('li')!;
    const card = within(item);
    expect(card.getByText('Portfolio')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Spam loyiha' }).getAttribute('href')).toBe(
      '/portfolio/muallif_Spam_loyiha',
    );
    expect(card.getByRole('link', { name: 'Muallif Karimov' }).getAttribute('href')).toBe('/profile/muallif');
    expect(card.getByText('Spam yoki reklama')).toBeTruthy();
    expect(card.getByText('Reklama havolalari bor')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Shikoyatchi Karimov' })).toBeTruthy();
    const actions = within(card.getByRole('group', { name: '«Spam loyiha» bo‘yicha amallar' }));
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Yashirish',
      'O‘chirish',
      'Rad etish',
      'Bloklash',
    ]);

    // A hidden profile whose owner is blocked for good: the other way round, and no deleting a person.
    const person = within(screen.getByRole('heading', { name: 'Muallif Karimov' }).closest('li')!);
    expect(person.getByText('Yashirilgan. Sabab: Soxta profil')).toBeTruthy();
    expect(person.getByText(/Egasi butunlay bloklangan/)).toBeTruthy();
    expect(person.getByText('Eng yangi 1 tasi ko‘rsatilgan (jami 3 ta)')).toBeTruthy();
    expect(person.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Qayta ko‘rsatish',
      'Rad etish',
      'Blokdan chiqarish',
    ]);
  });

  it('hides with a required reason, then reads the queue again', async () => {
    setToken('secret');
    const api = serve();
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Yashirish' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Yashirish' }));
    expect(dialog.getByText('«Spam loyiha» yashiriladi: uni faqat egasi va adminlar ko‘radi.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Yashirish' }));
    expect(await dialog.findByText('Sababni yozing')).toBeTruthy();
    expect(api.posted('hide')).toEqual([]);

    const readsBefore = api.queueReads();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Sabab' }), { target: { value: ' Reklama ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Yashirish' }));
    expect(await screen.findByText('Bajarildi: Yashirish. 1 ta shikoyat yopildi.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.posted('hide')).toEqual([{ target: 'portfolio', id: 'a'.repeat(24), reason: 'Reklama' }]);
    await waitFor(() => expect(api.queueReads()).toBeGreaterThan(readsBefore));
  });

  it('blocks the owner for the chosen period, null for good', async () => {
    setToken('secret');
    const api = serve();
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'Bloklash' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Bloklash' }));
    const period = dialog.getByRole('combobox', { name: 'Muddat' }) as HTMLSelectElement;
    expect([...period.options].map((option) => option.text)).toEqual([
      '1 kun',
      '7 kun',
      '30 kun',
      'Butunlay',
    ]);
    expect(period.selectedOptions[0]!.text).toBe('7 kun');
    fireEvent.change(period, { target: { value: 'forever' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Sabab' }), { target: { value: 'Spam' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Bloklash' }));
    await screen.findByText(/^Bajarildi: Bloklash/);
    expect(api.posted('block')).toEqual([{ userId: author._id, reason: 'Spam', days: null }]);

    fireEvent.click(screen.getByRole('button', { name: 'Bloklash' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Bloklash' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Muddat' }), { target: { value: '1' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Sabab' }), { target: { value: 'Ogohlantirish' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Bloklash' }));
    await waitFor(() => expect(api.posted('block')).toHaveLength(2));
    expect(api.posted('block')[1]).toEqual({ userId: author._id, reason: 'Ogohlantirish', days: 1 });
  });

  it('shows the server’s refusal in the dialog', async () => {
    setToken('secret');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/user/me'
          ? jsonResponse(admin)
          : url.startsWith('/api/admin/reports')
            ? jsonResponse(queuePage([portfolioItem]))
            : jsonResponse({ status: 404, code: 'NOT_FOUND', detail: 'Portfolio topilmadi' }, 404),
      ),
    );
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    fireEvent.click(await screen.findByRole('button', { name: 'O‘chirish' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'O‘chirish' }));
    expect(dialog.getByText(/Bu amalni ortga qaytarib bo‘lmaydi/)).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Sabab' }), { target: { value: 'Qoidabuzarlik' } });
    fireEvent.click(dialog.getByRole('button', { name: 'O‘chirish' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Portfolio topilmadi');
  });

  it('switches to closed reports through the address', async () => {
    setToken('secret');
    serve({ items: [] });
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    expect(await screen.findByText('Ochiq shikoyatlar yo‘q. Hammasi joyida!')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Yopilgan' }));
    expect(screen.getByTestId('location').textContent).toBe('/admin?status=closed');
  });

  it('shows the counts and the weekly sign-ups as a chart with a table', async () => {
    setToken('secret');
    serve();
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=stats' });
    const count = async (label: string) => (await screen.findByText(label)).nextElementSibling!.textContent;
    expect(await count('Foydalanuvchilar')).toBe('42');
    expect(await count('Portfoliolar')).toBe('17');
    expect(await count('Izohlar')).toBe('88');
    expect(await count('Yashirilgan portfoliolar')).toBe('2');
    expect(await count('Yashirilgan izohlar')).toBe('1');
    expect(await count('Ochiq shikoyatlar')).toBe('5');
    expect(await count('Bloklangan foydalanuvchilar')).toBe('3');
    const chart = screen.getByRole('img', { name: /Haftalik ro‘yxatdan o‘tishlar So‘nggi 12 haftada/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    const from = shortDate('uz-Latn', '2026-03-02');
    const to = shortDate('uz-Latn', '2026-04-22');
    expect(screen.getByRole('img', { name: new RegExp(`\\(${from} — ${to}\\) 66 kishi`) })).toBe(chart);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(13);
  });

  it('lists the log with the action, the target, the reason and until when', async () => {
    setToken('secret');
    serve();
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=audit' });
    const entries = await screen.findAllByRole('listitem');
    const first = within(entries[0]!);
    expect(first.getByText(fullDate('uz-Latn', '2026-05-02T07:30:00Z'))).toBeTruthy();
    expect(first.getByRole('link', { name: 'Admin Karimov' })).toBeTruthy();
    expect(entries[0]!.textContent).toContain('Blokladi: Foydalanuvchi «Muallif Karimov»');
    expect(entries[0]!.textContent).toContain('Sabab: Takroriy spam');
    expect(entries[0]!.textContent).toContain(`Muddat: ${fullDate('uz-Latn', '2026-05-09T07:30:00Z')}gacha`);
    expect(entries[1]!.textContent).toContain('O‘chirilgan admin');
    expect(entries[1]!.textContent).toContain('Yashirdi: Portfolio «Spam loyiha»');
    expect(entries[1]!.textContent).not.toContain('Muddat');
  });

  it('merges two technologies from its own tab, with the server’s message under its field', async () => {
    setToken('secret');
    const merges: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/user/me') return jsonResponse(admin);
        if (url === '/api/admin/technologies/merge' && init.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { from: string; into: string };
          merges.push(body);
          if (body.from === 'Yoq') {
            return jsonResponse(
              {
                title: 'Xato',
                status: 422,
                code: 'VALIDATION_FAILED',
                detail: 'Texnologiya topilmadi',
                errors: { from: ['Texnologiya topilmadi'] },
              },
              422,
            );
          }
          return jsonResponse({ name: 'React', count: 12, moved: 3 });
        }
        return jsonResponse({ detail: 'unexpected' }, 500);
      }),
    );
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=technologies' });
    expect(await screen.findByRole('heading', { name: 'Texnologiyalarni birlashtirish' })).toBeTruthy();
    const sections = within(screen.getByRole('navigation', { name: 'Moderatsiya bo‘limlari' }));
    expect(sections.getByRole('link', { name: 'Texnologiyalar' }).getAttribute('aria-current')).toBe('page');
    const from = screen.getByRole('textbox', { name: /Birlashtiriladigan texnologiya/ });
    const into = screen.getByRole('textbox', { name: /Saqlanadigan texnologiya/ });
    const submit = screen.getByRole('button', { name: 'Birlashtirish' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    fireEvent.change(from, { target: { value: 'Yoq' } });
    fireEvent.change(into, { target: { value: 'React' } });
    fireEvent.click(submit);
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    const described = from.getAttribute('aria-describedby')!.split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(
      'Texnologiya topilmadi',
    );

    fireEvent.change(from, { target: { value: ' Reactt ' } });
    fireEvent.click(submit);
    const done = await screen.findByText(
      '«Reactt» «React»ga birlashtirildi: 3 ta portfolio ko‘chdi, endi «React» bilan 12 ta portfolio.',
    );
    expect(done.getAttribute('role')).toBe('status');
    expect(merges).toEqual([
      { from: 'Yoq', into: 'React' },
      { from: 'Reactt', into: 'React' },
    ]);
    expect((from as HTMLInputElement).value).toBe('');
  });
});
