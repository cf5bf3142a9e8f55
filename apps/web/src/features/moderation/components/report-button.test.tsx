import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ReportButton } from './report-button';
import { aUser } from '../../../test/users';

const me = aUser({ _id: '1'.repeat(24) });
const portfolioId = 'a'.repeat(24);
const authorId = '2'.repeat(24);

type Answer = (body: unknown) => Response;

/** The current user for /user/me; `report` answers POST /reports. */
function serve(report: Answer) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url === '/api/user/me') return jsonResponse(me);
    if (url === '/api/reports') return report(JSON.parse(String(init.body)));
    return jsonResponse({ detail: 'unexpected' }, 500);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const reportCalls = (fetchMock: ReturnType<typeof serve>) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit][]).filter(([url]) => url === '/api/reports');

/** The dialog once its chunk is in (until then it shows a spinner under the same title). */
async function dialogWithForm() {
  await screen.findAllByRole('radio');
  return screen.getByRole('dialog', { name: 'Shikoyat qilish' });
}

/** Opens the dialog as a click in a browser does: the button takes the focus first. */
async function openDialog() {
  const button = await screen.findByRole('button', { name: 'Shikoyat qilish' });
  button.focus();
  fireEvent.click(button);
  return dialogWithForm();
}

describe('ReportButton', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is not offered to a visitor', () => {
    renderWithProviders(
      <ReportButton target="portfolio" id={portfolioId} ownerId={authorId} label="Loyiha" />,
    );
    expect(screen.queryByRole('button', { name: 'Shikoyat qilish' })).toBeNull();
  });

  it('is not offered on my own work', async () => {
    setToken('secret');
    serve(() => jsonResponse({}));
    renderWithProviders(
      <>
        <ReportButton target="portfolio" id={portfolioId} ownerId={me._id} label="Mening loyiham" />
        <ReportButton target="user" id={authorId} ownerId={authorId} label="Boshqa odam" />
      </>,
    );
    // Once the current user is known the other person's button shows, and mine never does.
    await screen.findByRole('button', { name: 'Shikoyat qilish' });
    expect(screen.getAllByRole('button', { name: 'Shikoyat qilish' })).toHaveLength(1);
  });

  it('asks for a reason, sends it with the optional words, thanks and closes', async () => {
    setToken('secret');
    const fetchMock = serve(() => jsonResponse({ _id: 'r'.repeat(24), status: 'open' }, 201));
    renderWithProviders(
      <ReportButton target="portfolio" id={portfolioId} ownerId={authorId} label="Ajoyib loyiha" />,
    );
    const dialog = await openDialog();
    const view = within(dialog);
    expect(view.getByText('Portfolio: «Ajoyib loyiha»')).toBeTruthy();
    const reasons = view.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent);
    expect(reasons).toEqual([
      'Spam yoki reklama',
      'Haqoratli yoki nomaqbul',
      'Birovning ishi (mualliflik huquqi)',
      'Shaxsiy ma’lumotlar oshkor qilingan',
      'Boshqa sabab',
    ]);
    // The first reason has the focus, so the keyboard starts where the choice is (moved there once the
    // dialog has opened, which a busy machine may take a moment to do).
    await waitFor(() => expect(document.activeElement).toBe(view.getAllByRole('radio')[0]));
    const details = view.getByRole('textbox', { name: 'Izoh (ixtiyoriy)' }) as HTMLTextAreaElement;
    expect(details.maxLength).toBe(500);

    fireEvent.click(view.getByRole('button', { name: 'Yuborish' }));
    expect(await view.findByText('Shikoyat sababini tanlang')).toBeTruthy();
    expect(reportCalls(fetchMock)).toHaveLength(0);

    fireEvent.click(view.getByRole('radio', { name: 'Spam yoki reklama' }));
    fireEvent.change(details, { target: { value: '  Reklama havolalari  ' } });
    fireEvent.click(view.getByRole('button', { name: 'Yuborish' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Shikoyatingiz yuborildi. Rahmat!').getAttribute('role')).toBe('status');
    // The focus is back on the button the dialog was opened with.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Shikoyat qilish' }));
    const [, init] = reportCalls(fetchMock)[0]!;
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'x-token': 'secret' });
    expect(JSON.parse(String(init.body))).toEqual({
      target: 'portfolio',
      id: portfolioId,
      reason: 'spam',
      details: 'Reklama havolalari',
    });
  });

  it('takes an earlier open report (200) as sent too', async () => {
    setToken('secret');
    serve(() => jsonResponse({ _id: 'r'.repeat(24), status: 'open' }, 200));
    renderWithProviders(
      <ReportButton target="comment" id={'c'.repeat(24)} ownerId={authorId} label="Yomon izoh" compact />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Izohga shikoyat qilish' }));
    const view = within(await dialogWithForm());
    expect(view.getByText('Izoh: «Yomon izoh»')).toBeTruthy();
    fireEvent.click(view.getByRole('radio', { name: 'Haqoratli yoki nomaqbul' }));
    fireEvent.click(view.getByRole('button', { name: 'Yuborish' }));
    expect(await screen.findByText('Shikoyatingiz yuborildi. Rahmat!')).toBeTruthy();
  });

  it('keeps the dialog open with the server’s message when a blocked person reports', async () => {
    setToken('secret');
    const detail = 'Sizga 10.06.2026 12:00 gacha yozish taqiqlangan. Sabab: spam';
    serve(() => jsonResponse({ status: 403, code: 'BLOCKED', title: 'Forbidden', detail }, 403));
    renderWithProviders(<ReportButton target="user" id={authorId} ownerId={authorId} label="Vali Aliyev" />);
    const dialog = await openDialog();
    const view = within(dialog);
    fireEvent.click(view.getByRole('radio', { name: 'Boshqa sabab' }));
    fireEvent.click(view.getByRole('button', { name: 'Yuborish' }));
    expect((await view.findByRole('alert')).textContent).toBe(detail);
    expect(screen.getByRole('dialog', { name: 'Shikoyat qilish' })).toBeTruthy();
    // Chosen and typed stay for another try.
    expect((view.getByRole('radio', { name: 'Boshqa sabab' }) as HTMLInputElement).checked).toBe(true);
  });

  it('says when there were too many reports, and closes with Escape', async () => {
    setToken('secret');
    serve(() => jsonResponse({ status: 429, code: 'RATE_LIMITED', title: 'Too Many Requests' }, 429));
    renderWithProviders(
      <ReportButton target="portfolio" id={portfolioId} ownerId={authorId} label="Loyiha" />,
    );
    const view = within(await openDialog());
    fireEvent.click(view.getByRole('radio', { name: 'Spam yoki reklama' }));
    fireEvent.click(view.getByRole('button', { name: 'Yuborish' }));
    expect((await view.findByRole('alert')).textContent).toBe(
      'Juda ko‘p urinish. Birozdan so‘ng qayta urinib ko‘ring.',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Shikoyatingiz yuborildi. Rahmat!')).toBeNull();
  });
});
