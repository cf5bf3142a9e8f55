import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import {
  Link,
  NavLink,
  stripBasename,
  useHref,
  useLocation,
  useNavigate,
  useSearchParams,
  withBasename,
} from './router';

function Probe() {
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const { pathname } = useLocation();
  return (
    <>
      <Link to="/profile/ali">profile</Link>
      <NavLink to="/page/1">list</NavLink>
      <a href="https://example.uz/">away</a>
      <form action={useHref('/page/1')} aria-label="search" />
      <output data-testid="pathname">{pathname}</output>
      <button type="button" onClick={() => navigate('/about')}>
        about
      </button>
      <button type="button" onClick={() => setParams({ q: 'react' })}>
        search
      </button>
    </>
  );
}

describe('the router under a language prefix', () => {
  it('hands out the app’s path and puts the prefix before every link, form and navigation', () => {
    const { history } = renderWithProviders(<Probe />, { route: '/ru/page/1', locale: 'ru' });
    expect(screen.getByTestId('pathname').textContent).toBe('/page/1');
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/ru/profile/ali');
    const list = screen.getByRole('link', { name: 'list' });
    expect(list.getAttribute('href')).toBe('/ru/page/1');
    expect(list.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('form', { name: 'search' }).getAttribute('action')).toBe('/ru/page/1');

    fireEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(history.location.pathname + history.location.search).toBe('/ru/page/1?q=react');
    fireEvent.click(screen.getByRole('button', { name: 'about' }));
    expect(history.location.pathname).toBe('/ru/about');
    fireEvent.click(screen.getByRole('link', { name: 'profile' }));
    expect(history.location.pathname).toBe('/ru/profile/ali');
    expect(screen.getByTestId('pathname').textContent).toBe('/profile/ali');
  });

  it('leaves the default language’s addresses as they are', () => {
    renderWithProviders(<Probe />, { route: '/page/1' });
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/profile/ali');
    expect(screen.getByRole('link', { name: 'away' }).getAttribute('href')).toBe('https://example.uz/');
  });

  it('strips and adds a prefix whole', () => {
    expect(stripBasename('/ru', '/ru')).toBe('/');
    expect(stripBasename('/ru', '/ru/page/1')).toBe('/page/1');
    expect(stripBasename('/ru', '/rus/page/1')).toBe('/rus/page/1');
    expect(withBasename('/en', '/about')).toBe('/en/about');
    expect(withBasename('/en', 'https://t.me/x')).toBe('https://t.me/x');
    expect(withBasename('/en', '//cdn.example/x')).toBe('//cdn.example/x');
  });
});
