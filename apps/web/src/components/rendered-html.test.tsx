import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RenderedHtml } from './rendered-html';

const html =
  '<p>Rahmat, <a href="/profile/ali_dev" class="mention">@ali_dev</a>! ' +
  '<a href="https://example.uz/profile/x" rel="nofollow ugc noopener">havola</a></p>';

describe('RenderedHtml', () => {
  it('leads a mention to the profile in the reader’s language, and leaves other links as they are', () => {
    renderWithProviders(<RenderedHtml className="markdown" html={html} />, {
      route: '/ru/portfolio/abc',
      locale: 'ru',
    });
    expect(screen.getByRole('link', { name: '@ali_dev' }).getAttribute('href')).toBe('/ru/profile/ali_dev');
    expect(screen.getByRole('link', { name: 'havola' }).getAttribute('href')).toBe(
      'https://example.uz/profile/x',
    );
  });

  it('keeps the address as it is in the default language', () => {
    renderWithProviders(<RenderedHtml className="markdown" html={html} />, { route: '/portfolio/abc' });
    expect(screen.getByRole('link', { name: '@ali_dev' }).getAttribute('href')).toBe('/profile/ali_dev');
  });
});
