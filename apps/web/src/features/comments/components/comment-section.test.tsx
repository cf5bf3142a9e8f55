import type { CommentThread, User } from '@portfolio-master/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CommentSection } from './comment-section';

const portfolioId = 'a'.repeat(24);
const author = (id: string, extra: Partial<User> = {}) => ({
  _id: id.padStart(24, '0'),
  username: `user${id}`,
  firstname: `Ism${id}`,
  lastname: 'Familiya',
  image: null,
  isAdmin: false,
  ...extra,
});
const me = {
  ...author('1'),
  email: 'me@example.com',
  emailPublic: true,
  description: '',
  skills: [],
  githubProfile: '',
  telegramProfile: '',
  registeredDate: '2026-01-01T00:00:00Z',
  portfolios: [],
} as User;
const comment = (id: string, body: string, by = author('2')): CommentThread => ({
  _id: id.padStart(24, 'c'),
  body,
  bodyHtml: `<p>${body}</p>\n`,
  date: new Date().toISOString(),
  editedAt: null,
  commentAuthor: by,
  parentId: null,
  deleted: false,
  replies: [],
  repliesBefore: null,
});
/** A reply in the thread of `threadId` (a thread's id as `comment` makes it). */
const reply = (id: string, threadId: string, body: string, by = author('3')) => {
  const { replies: _replies, repliesBefore: _before, ...fields } = comment(id, body, by);
  return { ...fields, parentId: threadId.padStart(24, 'c') };
};

describe('CommentSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to sign in and shows the empty text', () => {
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[]}
        initialNext={null}
        initialCount={0}
        signedIn={false}
        user={null}
      />,
    );
    expect(screen.getByRole('link', { name: 'Izoh yozish uchun tizimga kiring!' }).getAttribute('href')).toBe(
      '/auth/login',
    );
    expect(screen.getByText('Hozircha izohlar mavjud emas')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('marks admins with the admin icon', () => {
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[comment('1', 'Salom', author('9', { isAdmin: true }))]}
        initialNext={null}
        initialCount={1}
        signedIn={false}
        user={null}
      />,
    );
    expect(screen.getByTitle('Bu foydalanuvchi admin')).toBeTruthy();
  });

  it('loads older comments with “Ko‘proq izohlar”, and keeps them under a new comment', async () => {
    const older = [comment('3', 'Eskiroq izoh'), comment('4', 'Eng eski izoh')];
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('/comments?before=')
        ? jsonResponse({ items: older, next: null })
        : jsonResponse([comment('9', 'Yangi izoh', author('1')), comment('1', 'Eski izoh')], 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[comment('1', 'Eski izoh')]}
        initialNext="cursor-1"
        initialCount={3}
        signedIn
        user={me}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Izohlar (3)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ko‘proq izohlar' }));
    expect(await screen.findByText('Eng eski izoh')).toBeTruthy();
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
      `/api/portfolio/${portfolioId}/comments?before=cursor-1`,
    );
    expect(screen.queryByRole('button', { name: 'Ko‘proq izohlar' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Izohingiz' }), { target: { value: 'Yangi izoh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yuborish' }));
    // The new comment joins the list once its answer is in: the list waits for it, not for any text.
    const bodies = () =>
      screen
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.comment__body')!.textContent!.trim());
    await waitFor(() =>
      expect(bodies()).toEqual(['Yangi izoh', 'Eski izoh', 'Eskiroq izoh', 'Eng eski izoh']),
    );
    expect(screen.getByRole('heading', { name: 'Izohlar (4)' })).toBeTruthy();
  });

  it('lets the writer edit their own comment in place, shows “tahrirlangan”, and offers others no edit', async () => {
    const edited = {
      ...comment('1', 'Tuzatilgan `kod`', author('1')),
      bodyHtml: '<p>Tuzatilgan <code>kod</code></p>\n',
      editedAt: new Date().toISOString(),
    };
    const fetchMock = vi.fn(async () => jsonResponse(edited));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[comment('1', 'Xato matn', author('1')), comment('2', 'Boshqaniki')]}
        initialNext={null}
        initialCount={2}
        signedIn
        user={me}
      />,
    );
    // One's own comment only.
    expect(screen.getAllByRole('button', { name: 'Tahrirlash' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Tahrirlash' }));
    const box = screen.getByRole('textbox', { name: 'Izohni tahrirlash' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Xato matn');
    expect(document.activeElement).toBe(box);

    // Escape leaves it as it was; a second try saves.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Izohni tahrirlash' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tahrirlash' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Izohni tahrirlash' }), {
      target: { value: 'Tuzatilgan `kod`' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tahrirni saqlash' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Izohni tahrirlash' })).toBeNull());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/portfolio/${portfolioId}/comments/${'1'.padStart(24, 'c')}`);
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body as string)).toEqual({ body: 'Tuzatilgan `kod`' });
    const first = screen.getAllByRole('listitem')[0]!;
    expect(first.querySelector('.comment__body code')!.textContent).toBe('kod');
    expect(within(first).getByText(/tahrirlangan/)).toBeTruthy();
  });

  it('replaces the list with the server answer and clears the input after posting', async () => {
    const answer = [comment('2', 'Yangi izoh', author('1')), comment('1', 'Eski izoh')];
    const fetchMock = vi.fn(async () => jsonResponse(answer, 201));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[comment('1', 'Eski izoh')]}
        initialNext={null}
        initialCount={1}
        signedIn
        user={me}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Izohingiz' }) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Yangi izoh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yuborish' }));
    // The box holds the same words until the answer is in: wait for the list, not for the text.
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getAllByRole('listitem')[0]!.textContent).toContain('Yangi izoh');
    expect(input.value).toBe('');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/portfolio/comment/${portfolioId}`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({ body: 'Yangi izoh' });
  });

  it('keeps the text and shows the server message when posting fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            type: 'x',
            title: 'x',
            status: 422,
            detail: 'Xato',
            code: 'VALIDATION_FAILED',
            errors: { body: ['Izoh 2000 belgidan oshmasin'] },
          },
          422,
        ),
      ),
    );
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[]}
        initialNext={null}
        initialCount={0}
        signedIn
        user={me}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Izohingiz' }) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Juda uzun' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yuborish' }));
    expect(await screen.findByText('Izoh 2000 belgidan oshmasin')).toBeTruthy();
    expect(input.value).toBe('Juda uzun');
  });

  it('offers delete only on my own comments, asks first, then shows the returned list', async () => {
    const mine = comment('2', 'Mening izohim', author('1'));
    const theirs = comment('1', 'Boshqaning izohi');
    const fetchMock = vi.fn(async () => jsonResponse([theirs]));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[mine, theirs]}
        initialNext={null}
        initialCount={2}
        signedIn
        user={me}
      />,
    );
    const deletes = screen.getAllByRole('button', { name: 'Izohni o‘chirish' });
    expect(deletes).toHaveLength(1);
    fireEvent.click(deletes[0]!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Diqqat!' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ha' }));
    await waitFor(() => expect(screen.queryByText('Mening izohim')).toBeNull());
    expect(screen.getByText('Boshqaning izohi')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/portfolio/comment/delete/${portfolioId}?index=0&commentId=${mine._id}`);
    expect(init.method).toBe('DELETE');
  });

  it('lets an admin delete any comment', () => {
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[comment('1', 'A'), comment('2', 'B')]}
        initialNext={null}
        initialCount={2}
        signedIn
        user={{ ...me, isAdmin: true }}
      />,
    );
    expect(screen.getAllByRole('button', { name: 'Izohni o‘chirish' })).toHaveLength(2);
  });

  it('shows the empty text once the last comment is deleted', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([])),
    );
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[comment('2', 'Yagona', author('1'))]}
        initialNext={null}
        initialCount={1}
        signedIn
        user={me}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Izohni o‘chirish' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ha' }));
    expect(await screen.findByText('Hozircha izohlar mavjud emas')).toBeTruthy();
  });

  it('answers a comment or a reply in its thread, and shows the reply under it', async () => {
    const thread = { ...comment('1', 'Savol'), replies: [reply('2', '1', 'Birinchi javob')] };
    const answered = {
      ...thread,
      replies: [...thread.replies, reply('3', '1', 'Mening javobim', author('1'))],
    };
    const fetchMock = vi.fn(async () => jsonResponse([answered, comment('4', 'Boshqa izoh')], 201));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[thread, comment('4', 'Boshqa izoh')]}
        initialNext={null}
        initialCount={3}
        signedIn
        user={me}
      />,
    );
    const replies = screen.getByRole('list', { name: 'Javoblar' });
    expect(within(replies).getByText('Birinchi javob')).toBeTruthy();
    // Answering the reply answers its thread.
    fireEvent.click(within(replies).getByRole('button', { name: 'Javob berish' }));
    const box = screen.getByRole('textbox', { name: 'Javobingiz' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'Mening javobim' } });
    fireEvent.click(screen.getByRole('button', { name: 'Javobni yuborish' }));
    expect(await within(replies).findByText('Mening javobim')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Javobingiz' })).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/portfolio/comment/${portfolioId}`);
    expect(JSON.parse(init.body as string)).toEqual({
      body: 'Mening javobim',
      parentId: '2'.padStart(24, 'c'),
    });
    expect(screen.getByRole('heading', { name: 'Izohlar (4)' })).toBeTruthy();
  });

  it('shows a deleted comment with replies as “Izoh o‘chirilgan”, and loads earlier replies', async () => {
    const thread = {
      ...comment('1', ''),
      bodyHtml: '',
      deleted: true,
      replies: [reply('3', '1', 'Yangi javob')],
      repliesBefore: 'cursor-r',
    };
    const fetchMock = vi.fn(async () => jsonResponse({ items: [reply('2', '1', 'Eski javob')], next: null }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <CommentSection
        portfolioId={portfolioId}
        initialComments={[thread]}
        initialNext={null}
        initialCount={2}
        signedIn
        user={{ ...me, isAdmin: true }}
      />,
    );
    expect(screen.getByText('Izoh o‘chirilgan')).toBeTruthy();
    // Nothing to do with what is gone: only its reply can be answered or deleted.
    expect(screen.getAllByRole('button', { name: 'Javob berish' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Izohni o‘chirish' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Oldingi javoblar' }));
    await screen.findByText('Eski javob');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
      `/api/portfolio/${portfolioId}/comments/${'1'.padStart(24, 'c')}/replies?before=cursor-r`,
    );
    const replies = screen.getByRole('list', { name: 'Javoblar' });
    expect(
      within(replies)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Eski javob'), expect.stringContaining('Yangi javob')]);
    expect(screen.queryByRole('button', { name: 'Oldingi javoblar' })).toBeNull();
  });
});
