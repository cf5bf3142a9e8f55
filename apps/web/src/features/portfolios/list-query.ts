/** The list's URL: /page/{n}?filter=a,b&q=text. */

export function parseFilter(value: string | null): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of value.split(',')) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

export function listHref(page: number, filter: string[] = [], q = ''): string {
  const search = new URLSearchParams();
  if (filter.length) search.set('filter', filter.join(','));
  if (q) search.set('q', q);
  const query = search.toString().replace(/%2C/g, ',');
  return `/page/${page}${query ? `?${query}` : ''}`;
}

/** Checking adds the technology, unchecking removes it (case-insensitively). */
export function toggleTechnology(current: string[], name: string): string[] {
  const exists = current.some((item) => item.toLowerCase() === name.toLowerCase());
  return exists ? current.filter((item) => item.toLowerCase() !== name.toLowerCase()) : [...current, name];
}

/** Where a toggle leads: page 1 of the new filter; an empty selection goes to /page/1 with no query. */
export function filterToggleHref(current: string[], name: string, q = ''): string {
  const next = toggleTechnology(current, name);
  if (next.length === 0) return '/page/1';
  return listHref(1, next, q);
}
