import type { Portfolio } from '@portfolio-master/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PortfolioUploadInput } from '../api/create-portfolio';
import { PortfolioForm } from './portfolio-form';
import { render } from '../../../test/render';

// Text content: jsdom's FileReader (the preview's fallback without createImageBitmap) reads it reliably.
const png = (name: string) => new File(['not really a png'], name, { type: 'image/png' });

/** The form with a submit that stays pending, so the progress can be reported while it runs. */
function Harness({
  initial,
  onSubmit,
}: {
  initial?: Portfolio;
  onSubmit: (input: PortfolioUploadInput) => void;
}) {
  const [pending, setPending] = useState(false);
  return (
    <PortfolioForm
      initial={initial}
      submitLabel="Joylash"
      pending={pending}
      submit={(input) => {
        setPending(true);
        onSubmit(input);
      }}
    />
  );
}

const thumbs = () => within(screen.getByRole('list', { name: 'Rasmlar' })).getAllByRole('listitem');

describe('PortfolioForm', () => {
  it('takes dropped and picked images, reorders and removes them, and reports upload progress', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Sarlavha'), { target: { value: 'Yangi loyiha' } });
    fireEvent.change(screen.getByLabelText('Loyiha manzili'), { target: { value: 'https://example.com' } });
    fireEvent.change(screen.getByLabelText('Texnologiyalar'), { target: { value: 'React, Go' } });
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [png('a.png'), png('b.png')] } });
    fireEvent.drop(screen.getByText(/Rasmlarni shu yerga tashlang/).closest('.dropzone')!, {
      dataTransfer: { files: [png('c.png')], types: ['Files'] },
    });
    expect(thumbs()).toHaveLength(3);
    await screen.findAllByRole('img', { name: '1' });

    fireEvent.click(screen.getByRole('button', { name: 'Oldinga surish (3)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Olib tashlash (1)' }));
    expect(thumbs()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Joylash' }));
    const input = onSubmit.mock.calls[0]![0] as PortfolioUploadInput;
    expect((input.form.getAll('images') as File[]).map((file) => file.name)).toEqual(['c.png', 'b.png']);
    expect(input.form.get('title')).toBe('Yangi loyiha');
    expect(input.form.get('used')).toBe('React, Go');
    expect(input.form.has('keepImages')).toBe(false);
    expect(input.form.getAll('imageAlts')).toEqual(['', '']);
    expect(input.form.get('channelOptOut')).toBe('false');

    act(() => input.onProgress?.(0.42));
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Yuklanmoqda: 42%')).toBeTruthy();
  });

  it('sends “Kanalda e’lon qilinmasin” as it is set, starting from the portfolio’s own', () => {
    const onSubmit = vi.fn();
    const initial = {
      title: 'Eski',
      url: 'https://example.com',
      repoUrl: null,
      used: ['Go'],
      description: '',
      images: [],
      channelOptOut: true,
    } as unknown as Portfolio;
    render(<Harness initial={initial} onSubmit={onSubmit} />);
    const optOut = screen.getByRole('checkbox', { name: 'Kanalda e’lon qilinmasin' }) as HTMLInputElement;
    expect(optOut.checked).toBe(true);
    fireEvent.click(optOut);
    fireEvent.click(screen.getByRole('button', { name: 'Joylash' }));
    expect((onSubmit.mock.calls[0]![0] as PortfolioUploadInput).form.get('channelOptOut')).toBe('false');
  });

  it('refuses files that are not images, with the reason', () => {
    render(<Harness onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByTestId('image-input'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(screen.getByRole('alert').textContent).toBe('notes.txt rasm emas');
    expect(screen.queryByRole('list', { name: 'Rasmlar' })).toBeNull();
  });

  it('when editing, keeps the remaining old images in their order and adds the new ones', async () => {
    const onSubmit = vi.fn();
    const initial = {
      title: 'Eski',
      url: 'https://example.com',
      repoUrl: null,
      used: ['Go'],
      description: '',
      images: ['old-1.webp', 'old-2.webp'],
      imageAlts: ['Birinchi', 'Ikkinchi'],
    } as unknown as Portfolio;
    render(<Harness initial={initial} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Olib tashlash (1)' }));
    fireEvent.change(screen.getByTestId('image-input'), { target: { files: [png('new.png')] } });
    await vi.waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Rasmlar' })).getAllByRole('img')).toHaveLength(2),
    );
    // The new picture is put first on the form; the server stores kept pictures first, so its
    // description is sent after theirs.
    fireEvent.click(screen.getByRole('button', { name: 'Oldinga surish (2)' }));
    const alts = screen.getAllByLabelText<HTMLInputElement>('Rasm tavsifi');
    expect(alts.map((alt) => alt.value)).toEqual(['', 'Ikkinchi']);
    fireEvent.change(alts[0]!, { target: { value: '  Yangi sahifa ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Joylash' }));
    const input = onSubmit.mock.calls[0]![0] as PortfolioUploadInput;
    expect(input.form.get('keepImages')).toBe('old-2.webp');
    expect((input.form.getAll('images') as File[]).map((file) => file.name)).toEqual(['new.png']);
    expect(input.form.getAll('imageAlts')).toEqual(['Ikkinchi', 'Yangi sahifa']);
    expect(input.form.get('used')).toBe('Go');
  });
});
