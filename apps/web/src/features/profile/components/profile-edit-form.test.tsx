import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { t } from '../../../test/translators';
import { aUser } from '../../../test/users';
import { ProfileEditForm } from './profile-edit-form';

const ref = (n: number) => ({
  _id: String(n).padStart(24, '0'),
  title: `Loyiha ${n}`,
  images: [],
  imageAlts: [],
  linktitle: `ali_Loyiha_${n}`,
});

const user = aUser({
  experience: [{ role: 'Stajyor', company: 'EPAM', from: '2022-06', to: '2023-02' }],
  affiliation: { kind: 'itpark', name: 'IT Park', verified: true },
  pinned: [ref(2)],
  portfolios: [ref(1), ref(2), ref(3)],
  portfoliosCount: 3,
});

/** The profile form's upload, answered by `answer` with what the form sent. */
class FakeUpload {
  static sent: FormData[] = [];
  static answer: (form: FormData) => { status: number; body: unknown };
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: unknown } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  getAllResponseHeaders() {
    return 'content-type: application/json';
  }
  send(form: FormData) {
    FakeUpload.sent.push(form);
    const { status, body } = FakeUpload.answer(form);
    setTimeout(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

const json = (form: FormData, name: string) => JSON.parse(String(form.get(name))) as unknown;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Saqlash' }));
const group = (name: string) => screen.getByRole('group', { name });

describe('ProfileEditForm, the CV', () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    FakeUpload.answer = () => ({ status: 200, body: user });
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds and removes entries and sends the CV as the update takes it', async () => {
    const onDone = vi.fn();
    renderWithProviders(<ProfileEditForm user={user} onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Qisqacha kasbingiz'), {
      target: { value: 'Frontend dasturchi' },
    });
    fireEvent.change(screen.getByLabelText('Hudud'), { target: { value: 'samarqand' } });
    fireEvent.change(screen.getByLabelText('Shaxsiy sayt'), { target: { value: 'https://ali.dev' } });

    // A job now, added before the old one is removed: the new one takes the focus at its first field.
    fireEvent.click(screen.getByRole('button', { name: 'Ish joyi qo‘shish' }));
    const job = group('2-ish joyi');
    expect(document.activeElement).toBe(within(job).getByLabelText(/Lavozim/));
    fireEvent.change(within(job).getByLabelText(/Lavozim/), { target: { value: 'Frontend dasturchi' } });
    fireEvent.change(within(job).getByLabelText(/Kompaniya/), { target: { value: 'Uzum' } });
    fireEvent.change(within(job).getByLabelText(/Boshlagan oy/), { target: { value: '2023-03' } });
    fireEvent.click(within(job).getByLabelText('Hozir shu yerda ishlayman'));
    expect(within(job).queryByLabelText(/Tugatgan oy/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '1-ish joyini olib tashlash' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ish joyi qo‘shish' }));
    expect(screen.queryByRole('group', { name: '2-ish joyi' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'O‘quv joyi qo‘shish' }));
    const school = group('1-o‘quv joyi');
    fireEvent.change(within(school).getByLabelText(/O‘quv yurti/), { target: { value: 'TATU' } });
    fireEvent.change(within(school).getByLabelText(/Boshlagan yil/), { target: { value: '2018' } });
    fireEvent.change(within(school).getByLabelText(/Tugatgan yil/), { target: { value: '2022' } });

    fireEvent.click(screen.getByLabelText('Ishga tayyor'));
    fireEvent.change(screen.getByLabelText('Qaysi lavozimlarga'), {
      target: { value: 'Frontend dasturchi, QA muhandis ,' },
    });
    fireEvent.click(screen.getByLabelText('Frilans'));
    fireEvent.click(screen.getByLabelText('To‘liq stavka'));
    fireEvent.click(screen.getByLabelText('Masofadan ishlashga ham tayyorman'));

    // Pinned: the third first, then the one pinned before.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Loyiha 3' }));
    const up = screen.getByRole('button', { name: '«Loyiha 3»ni yuqoriga surish' });
    fireEvent.click(up);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '«Loyiha 3»ni pastga surish' }));
    expect(screen.getByText('«Loyiha 3» endi 1-o‘rinda').getAttribute('role')).toBe('status');

    save();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(user));
    const form = FakeUpload.sent[0]!;
    expect(form.get('headline')).toBe('Frontend dasturchi');
    expect(form.get('city')).toBe('samarqand');
    expect(form.get('website')).toBe('https://ali.dev');
    expect(form.get('linkedin')).toBe('');
    expect(json(form, 'experience')).toEqual([
      { role: 'Frontend dasturchi', company: 'Uzum', from: '2023-03', to: null },
    ]);
    expect(json(form, 'education')).toEqual([{ school: 'TATU', field: '', from: 2018, to: 2022 }]);
    expect(json(form, 'openToWork')).toEqual({
      status: 'looking',
      roles: ['Frontend dasturchi', 'QA muhandis'],
      employment: ['full', 'freelance'],
      remote: true,
    });
    expect(json(form, 'pinned')).toEqual([ref(3)._id, ref(2)._id]);
    // The affiliation was not touched: it is not sent, so its check mark stays.
    expect(form.has('affiliation')).toBe(false);
  });

  it('says a changed affiliation loses its mark, and sends it', async () => {
    renderWithProviders(<ProfileEditForm user={user} onDone={vi.fn()} />);
    expect(screen.getByText(/Tasdiqlangan\. Turini yoki nomini/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Nomi/), { target: { value: 'IT Park Samarqand' } });
    expect(screen.getByText(/tasdiq belgisi olib tashlanadi: yangi/)).toBeTruthy();
    save();
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(json(FakeUpload.sent[0]!, 'affiliation')).toEqual({ kind: 'itpark', name: 'IT Park Samarqand' });
  });

  it('shows the server’s messages at the fields they are about', async () => {
    FakeUpload.answer = () => ({
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Unprocessable',
        status: 422,
        code: 'VALIDATION_FAILED',
        detail: 'Tugash sanasi boshlanishidan oldin',
        errors: {
          'experience.0.to': ['Tugash sanasi boshlanishidan oldin'],
          linkedin: ['LinkedIn profilining manzilini yozing'],
        },
      },
    });
    renderWithProviders(<ProfileEditForm user={user} onDone={vi.fn()} />);
    save();
    const job = group('1-ish joyi');
    await within(job).findByText('Tugash sanasi boshlanishidan oldin');
    expect(
      within(job)
        .getByLabelText(/Tugatgan oy/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(screen.getByLabelText('LinkedIn profili').getAttribute('aria-invalid')).toBe('true');
    // The top of the form points at the fields instead of repeating them.
    expect(screen.getByText(t('errors.checkFields')).getAttribute('role')).toBe('alert');
  });

  it('stops adding at ten jobs', () => {
    renderWithProviders(<ProfileEditForm user={user} onDone={vi.fn()} />);
    const add = screen.getByRole('button', { name: 'Ish joyi qo‘shish' });
    for (let i = 0; i < 9; i += 1) fireEvent.click(add);
    expect(screen.getAllByRole('group', { name: /-ish joyi$/ })).toHaveLength(10);
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers older portfolios to pin than the newest the profile lists, when asked', async () => {
    const many = aUser({ ...user, portfolios: [ref(1), ref(2), ref(3)], portfoliosCount: 4 });
    const requested: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        requested.push(new URL(input, 'http://localhost'));
        const items = [1, 2, 3, 4].map((n) => ({ ...ref(n), author: user }));
        return jsonResponse({ items, total: 4, page: 1, limit: 50, pageCount: 1 });
      }),
    );
    renderWithProviders(<ProfileEditForm user={many} onDone={vi.fn()} />);
    expect(screen.queryByRole('checkbox', { name: 'Loyiha 4' })).toBeNull();
    expect(requested).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yana ko‘rsatish' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Loyiha 4' }));
    expect(requested[0]!.searchParams.get('author')).toBe(user.username);
    expect(requested[0]!.searchParams.get('limit')).toBe('50');
    // Each once, and nothing more to ask for.
    expect(screen.getAllByRole('checkbox', { name: 'Loyiha 1' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Yana ko‘rsatish' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Tanlanganlar tartibi' }).textContent).toContain('Loyiha 4');
  });
});
