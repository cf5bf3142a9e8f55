import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioUploadInput } from '../api/create-portfolio';
import { jsonResponse, render } from '../../../test/render';
import { PortfolioForm } from './portfolio-form';
import { forgetStoredDrafts, readStoredDraft } from '../../../lib/stored-drafts';
import { AUTOSAVE_DELAY_MS, type DraftValues } from './use-draft-autosave';

const USER = 'a'.repeat(24);
const DRAFT = 'd'.repeat(24);

const draftAnswer = (body: Record<string, unknown>) => ({
  _id: DRAFT,
  status: 'draft',
  title: '',
  description: '',
  url: '',
  repoUrl: '',
  used: [],
  date: '2026-12-24T10:00:00.000Z',
  updatedAt: '2026-12-24T10:00:00.000Z',
  ...body,
});

function setUp() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(init.body as string) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      if (url === '/api/portfolio/preview') {
        return jsonResponse({ descriptionHtml: '<p><strong>Qalin</strong> matn</p>' });
      }
      return jsonResponse(draftAnswer(body as Record<string, unknown>), init.method === 'POST' ? 201 : 200);
    }),
  );
  const submit = vi.fn<(input: PortfolioUploadInput, callbacks: { onSuccess: () => void }) => void>();
  render(
    <PortfolioForm
      draft={{ userId: USER, draftId: null, values: null }}
      submitLabel="Joylash"
      pending={false}
      submit={submit}
    />,
  );
  return { calls, submit };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PortfolioForm with a draft', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('keeps every change on the device at once and saves the draft once typing rests', async () => {
    vi.useFakeTimers();
    const { calls, submit } = setUp();
    type('Sarlavha', 'Yarim');
    expect(readStoredDraft<DraftValues>(USER)?.values.title).toBe('Yarim');
    type('Sarlavha', 'Yarim loyiha');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100));
    expect(calls).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls).toEqual([
      {
        url: '/api/portfolio/drafts',
        method: 'POST',
        body: { title: 'Yarim loyiha', url: '', repoUrl: '', description: '', used: [] },
      },
    ]);
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toContain('Qoralama saqlandi');
    expect(readStoredDraft<DraftValues>(USER)?.draftId).toBe(DRAFT);

    type('Texnologiyalar', 'React, Go');
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
    expect(calls[1]).toMatchObject({ url: `/api/portfolio/drafts/${DRAFT}`, method: 'PUT' });
    expect((calls[1]!.body as { used: string[] }).used).toEqual(['React', 'Go']);

    type('Loyiha manzili', 'https://yarim.example.uz');
    fireEvent.click(screen.getByRole('button', { name: 'Joylash' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const [input, callbacks] = submit.mock.calls[0]!;
    expect(input.form.get('draftId')).toBe(DRAFT);
    callbacks.onSuccess();
    expect(readStoredDraft<DraftValues>(USER)).toBeNull();
  });

  it('saves at least every ten seconds while typing goes on', async () => {
    vi.useFakeTimers();
    const { calls } = setUp();
    for (let second = 0; second < 11; second += 1) {
      type('Tavsif', `Matn ${second}`);
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(calls.filter((call) => call.url.startsWith('/api/portfolio/drafts'))).toHaveLength(1);
  });

  it('shows "Ko‘rib chiqish" as the server renders the description, then goes back to the form', async () => {
    const { calls } = setUp();
    type('Sarlavha', 'Ko‘rinish');
    type('Tavsif', '**Qalin** matn');
    fireEvent.click(screen.getByRole('button', { name: 'Ko‘rib chiqish' }));
    expect((await screen.findByText('Qalin')).tagName).toBe('STRONG');
    expect(calls.find((call) => call.url === '/api/portfolio/preview')?.body).toEqual({
      description: '**Qalin** matn',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tahrirlashga qaytish' }));
    expect((screen.getByLabelText('Tavsif') as HTMLTextAreaElement).value).toBe('**Qalin** matn');
  });

  it('forgets what the device kept on signing out', () => {
    setUp();
    type('Sarlavha', 'Shaxsiy');
    expect(readStoredDraft<DraftValues>(USER)?.values.title).toBe('Shaxsiy');
    forgetStoredDrafts();
    expect(readStoredDraft(USER)).toBeNull();
  });
});
