import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { ErrorView } from './error-view';
import { render } from '../test/render';

describe('ErrorView', () => {
  it.each([
    [
      new ApiError('FETCH_ERROR'),
      'Server bilan aloqa yo‘q. Internet aloqangizni tekshirib, qayta urinib ko‘ring.',
    ],
    [new ApiError('TIMEOUT_ERROR'), 'Server juda uzoq javob bermadi. Birozdan so‘ng qayta urinib ko‘ring.'],
    [new ApiError('PARSING_ERROR', 200), 'Serverdan kelgan javobni o‘qib bo‘lmadi.'],
    [new ApiError('HTTP_ERROR', 403, null), 'Bu amal uchun ruxsatingiz yo‘q.'],
    [new ApiError('HTTP_ERROR', 502, null), 'Server xatolik qaytardi (502).'],
    [new ApiError('HTTP_ERROR', 409, { detail: 'Bu foydalanuvchi nomi band' }), 'Bu foydalanuvchi nomi band'],
  ])('shows %s to the user in Uzbek', (error, message) => {
    render(<ErrorView error={error} />);
    expect(screen.getByRole('alert').textContent).toBe(message);
  });

  it('offers a retry', () => {
    const onRetry = vi.fn();
    render(<ErrorView error={new ApiError('FETCH_ERROR')} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
