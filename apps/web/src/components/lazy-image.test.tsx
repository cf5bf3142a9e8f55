import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyImage } from './lazy-image';
import { StatusIndicator } from './status-indicator';
import { render } from '../test/render';

describe('LazyImage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the observer (200px margin), shows a spinner, then the image', () => {
    let trigger: (visible: boolean) => void = () => {};
    let options: IntersectionObserverInit | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
          options = init;
          trigger = (visible) =>
            callback(
              [{ isIntersecting: visible } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            );
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<LazyImage src="/image/a.webp?w=512" alt="Muqova" ratio={1.6} />);
    expect(options?.rootMargin).toBe('200px');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Rasm yuklanmoqda');
    act(() => trigger(true));
    const image = screen.getByRole('img', { name: 'Muqova' });
    fireEvent.load(image);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('loads at once when it is a priority image', () => {
    render(<LazyImage src="/image/a.webp" alt="Birinchi" priority />);
    expect(screen.getByRole('img', { name: 'Birinchi' }).getAttribute('fetchpriority')).toBe('high');
  });
});

describe('StatusIndicator', () => {
  it('shows a spinner, a tick or a cross with the message beneath', () => {
    const { rerender, container } = render(<StatusIndicator status="pending" message="Yuborilmoqda" />);
    expect(container.querySelector('.spinner')).not.toBeNull();
    rerender(<StatusIndicator status="success" message="Yuborildi" />);
    expect(screen.getByRole('status').textContent).toContain('Yuborildi');
    rerender(<StatusIndicator status="error" message="Xatolik yuz berdi" />);
    expect(screen.getByRole('alert').textContent).toContain('Xatolik yuz berdi');
  });
});
