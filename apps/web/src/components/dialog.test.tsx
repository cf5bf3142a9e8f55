import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';
import { render } from '../test/render';

describe('Dialog', () => {
  it('is closed without a message', () => {
    render(<Dialog message={null} onClose={() => {}} />);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the title, the message and the default button labels', () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    render(<Dialog message="O‘chirilsinmi?" onClose={() => {}} onOk={onOk} onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog', { name: 'Diqqat!' })).toBeTruthy();
    expect(screen.getByText('O‘chirilsinmi?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bekor qilish' }));
    expect(onOk).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('clears the message with the close icon and Escape', () => {
    const onClose = vi.fn();
    render(<Dialog message="Xabar" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Yopish' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('hides ok and cancel while loading', () => {
    render(<Dialog message="Xabar" onClose={() => {}} onOk={() => {}} onCancel={() => {}} loading />);
    expect(screen.queryByRole('button', { name: 'Ha' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Bekor qilish' })).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('takes custom labels', () => {
    render(<Dialog message="Xabar" onClose={() => {}} onOk={() => {}} okLabel="O‘chirish" />);
    expect(screen.getByRole('button', { name: 'O‘chirish' })).toBeTruthy();
  });
});
