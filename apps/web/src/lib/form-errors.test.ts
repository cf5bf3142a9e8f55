import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { messagesUnder, toFormErrors } from './form-errors';
import { t } from '../test/translators';

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
    const result = toFormErrors(t, problem({ title: ['Sarlavha kamida 3 belgi bo‘lsin'] }), ['title', 'url']);
    expect(result.fields.title).toEqual(['Sarlavha kamida 3 belgi bo‘lsin']);
    expect(result.message).toBe(t('errors.checkFields'));
  });

  it('spells out messages about fields the form does not show', () => {
    const result = toFormErrors(
      t,
      problem({ title: ['Sarlavha kamida 3 belgi bo‘lsin'], token: ['Havola eskirgan'] }),
      ['title'],
    );
    expect(result.message).toBe('Havola eskirgan');
  });

  it('counts the parts of a field the form shows as shown', () => {
    const result = toFormErrors(t, problem({ 'experience.1.role': ['Lavozimni yozing'] }), ['experience']);
    expect(result.message).toBe(t('errors.checkFields'));
    expect(messagesUnder(result, 'experience')).toEqual(['Lavozimni yozing']);
    expect(messagesUnder(result, 'experience.1')).toEqual(['Lavozimni yozing']);
    expect(messagesUnder(result, 'experience.10')).toBeUndefined();
    expect(messagesUnder(result, 'education')).toBeUndefined();
  });

  it('uses the problem detail when no field is named', () => {
    expect(toFormErrors(t, problem(), ['title']).message).toBe('Sarlavha kamida 3 belgi bo‘lsin');
  });

  it('gives the sentence of a network failure', () => {
    const result = toFormErrors(t, new ApiError('FETCH_ERROR'));
    expect(result.fields).toEqual({});
    expect(result.message).toBe(t('errors.fetch'));
  });
});
