import { fireEvent, screen } from '@testing-library/react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { filterToggleHref, parseFilter } from '../list-query';
import { TechnologyFilter } from './technology-filter';

function Harness() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selected = parseFilter(params.get('filter'));
  return (
    <TechnologyFilter selected={selected} onToggle={(name) => navigate(filterToggleHref(selected, name))} />
  );
}

describe('TechnologyFilter', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks and unchecks technologies through the URL', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse([
          { name: 'React', count: 3 },
          { name: 'Go', count: 1 },
        ]),
      ),
    );
    renderWithProviders(<Harness />, { route: '/page/2' });
    fireEvent.click(screen.getByRole('button', { name: /Texnologiyalar/ }));
    const react = await screen.findByRole('checkbox', { name: /React/ });
    fireEvent.click(react);
    expect(screen.getByTestId('location').textContent).toBe('/page/1?filter=React');
    fireEvent.click(screen.getByRole('checkbox', { name: /Go/ }));
    expect(screen.getByTestId('location').textContent).toBe('/page/1?filter=React,Go');
    expect((screen.getByRole('checkbox', { name: /React/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /React/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Go/ }));
    expect(screen.getByTestId('location').textContent).toBe('/page/1');
  });

  it('starts folded on a phone unless a filter is in force, and unfolds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([{ name: 'React', count: 3 }])),
    );
    renderWithProviders(<Harness />);
    const toggle = screen.getByRole('button', { name: /Texnologiyalar/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('checkbox', { name: /React/ })).toBeTruthy();
  });

  it('starts unfolded with a filter in force, as a form that works without JavaScript', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([{ name: 'React', count: 3 }])),
    );
    renderWithProviders(<Harness />, { route: '/page/1?filter=React' });
    const toggle = screen.getByRole('button', { name: /Texnologiyalar/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const box = await screen.findByRole('checkbox', { name: /React/ });
    expect(box.getAttribute('name')).toBe('filter');
    expect(box.getAttribute('value')).toBe('React');
    const form = box.closest('form')!;
    expect(form.getAttribute('action')).toBe('/page/1');
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByRole('link', { name: 'Filtrni tozalash' }).getAttribute('href')).toBe('/page/1');
  });
});
