import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { toFormErrors } from './form-errors';
import { latin as uz } from '../i18n/uz';

const problem = (errors?: Record<string, string[]>) =>
  new ApiError('HTTP_ERROR', 422, {
    type: 'about:blank',
    title: 'Unprocessable',
    status: 422,
    detail: 'Sarlavha kamida 3 belgi bo‘lsin',
    code: 'VALIDATION_FAILED',
    errors,
  });

describe('toFormErrors', () => {
  it('puts each message next to its field and points at them from the top', () => {
    const result = toFormErrors(uz, problem({ title: ['Sarlavha kamida 3 belgi bo‘lsin'] }), [
      'title',
      'url',
    ]);
    expect(result.fields.title).toEqual(['Sarlavha kamida 3 belgi bo‘lsin']);
    expect(result.message).toBe('Ma’lumotlarda xatolik bor: belgilangan maydonlarni to‘g‘rilang.');
  });

  it('spells out messages about fields the form does not show', () => {
    const result = toFormErrors(
      uz,
      problem({ title: ['Sarlavha kamida 3 belgi bo‘lsin'], token: ['Havola eskirgan'] }),
      ['title'],
    );
    expect(result.message).toBe('Havola eskirgan');
  });

  it('uses the problem detail when no field is named', () => {
    expect(toFormErrors(uz, problem(), ['title']).message).toBe('Sarlavha kamida 3 belgi bo‘lsin');
  });

  it('gives the Uzbek sentence of a network failure', () => {
    const result = toFormErrors(uz, new ApiError('FETCH_ERROR'));
    expect(result.fields).toEqual({});
    expect(result.message).toMatch(/Server bilan aloqa yo‘q/);
  });
});
