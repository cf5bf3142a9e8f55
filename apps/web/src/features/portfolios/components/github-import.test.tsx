import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioUploadInput } from '../api/create-portfolio';
import { PortfolioForm } from './portfolio-form';
import { jsonResponse, render } from '../../../test/render';

const draft = {
  title: 'Kutubxona app',
  description: 'Maktab kutubxonasi uchun kitoblar hisobi.',
  url: 'https://kutubxona.uz/',
  repoUrl: 'https://github.com/aziz-dev/kutubxona-app',
  used: ['TypeScript', 'React', 'Node.js'],
  stars: 42,
  language: 'TypeScript',
};

const address = () => screen.getByLabelText('GitHub’dagi repozitoriy manzili');
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('GitHub’dan olish', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills the form from the draft, says so, and saves nothing until the form is submitted', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(draft));
    vi.stubGlobal('fetch', fetchMock);
    const onSubmit = vi.fn();
    render(<PortfolioForm submitLabel="Joylash" pending={false} submit={onSubmit} />);
    fireEvent.change(address(), { target: { value: 'https://github.com/aziz-dev/kutubxona-app' } });
    fireEvent.click(screen.getByRole('button', { name: 'GitHub’dan olish' }));
    await waitFor(() => expect(value('Sarlavha')).toBe('Kutubxona app'));
    expect(value('Loyiha manzili')).toBe('https://kutubxona.uz/');
    expect(value('Repozitoriy manzili (ixtiyoriy)')).toBe('https://github.com/aziz-dev/kutubxona-app');
    expect(value('Texnologiyalar')).toBe('TypeScript, React, Node.js');
    expect(value('Tavsif')).toBe('Maktab kutubxonasi uchun kitoblar hisobi.');
    expect(screen.getByRole('status').textContent).toBe(
      'Forma «aziz-dev/kutubxona-app» repozitoriysidan to‘ldirildi: tekshirib, saqlang',
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/portfolio/import/github');
    expect(JSON.parse(init.body as string)).toEqual({ repoUrl: 'https://github.com/aziz-dev/kutubxona-app' });
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Joylash' }));
    const input = onSubmit.mock.calls[0]![0] as PortfolioUploadInput;
    expect(input.form.get('title')).toBe('Kutubxona app');
    expect(input.form.get('used')).toBe('TypeScript, React, Node.js');
    expect(input.form.has('githubRepoUrl')).toBe(false);
  });

  it('announces the server’s message next to the field and keeps the form as it was', async () => {
    const detail = 'Repozitoriy topilmadi: u yopiq yoki mavjud emas';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            type: 'about:blank',
            title: 'x',
            status: 422,
            detail,
            code: 'GITHUB_NOT_FOUND',
            errors: { repoUrl: [detail] },
          },
          422,
        ),
      ),
    );
    render(<PortfolioForm submitLabel="Joylash" pending={false} submit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Sarlavha'), { target: { value: 'O‘zim yozganim' } });
    fireEvent.change(address(), { target: { value: 'https://github.com/aziz/yopiq' } });
    // Enter in the field asks GitHub; it does not submit the portfolio.
    fireEvent.keyDown(address(), { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(detail);
    expect(address().getAttribute('aria-invalid')).toBe('true');
    expect(address().getAttribute('aria-describedby')).toContain(alert.id);
    expect(value('Sarlavha')).toBe('O‘zim yozganim');
  });

  it('is not offered when editing a portfolio', () => {
    const initial = {
      title: 'Eski',
      url: 'https://e.uz',
      repoUrl: null,
      used: ['Go'],
      description: '',
      images: [],
    };
    render(
      <PortfolioForm initial={initial as never} submitLabel="Saqlash" pending={false} submit={vi.fn()} />,
    );
    expect(screen.queryByLabelText('GitHub’dagi repozitoriy manzili')).toBeNull();
  });
});
