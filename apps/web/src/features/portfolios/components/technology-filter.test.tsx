import { fireEvent, screen } from '@testing-library/react';
import { useNavigate, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { filterToggleHref, parseFilter } from '../list-query';
import { TechnologyFilter } from './technology-filter';

function Harness() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const selected = parseFilter(params.get('filter'));
  return (
    <TechnologyFilter
      selected={selected}
      onToggle={(name) => navigate(filterToggleHref(selected, name))}
      onClear={() => navigate('/page/1')}
      defaultOpen
    />
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

  it('collapses and expands', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse([{ name: 'React', count: 3 }])),
    );
    renderWithProviders(<Harness />);
    const toggle = screen.getByRole('button', { name: /Texnologiyalar/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
