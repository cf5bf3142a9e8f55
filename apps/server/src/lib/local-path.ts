/** Any origin would do: only whether a value stays on it matters. */
const ORIGIN = 'http://local.invalid';

/**
 * Where a redirect may send a reader when the address came from a request: a path on this site, or
 * `fallback`. The value is parsed as a URL relative to our own origin and kept only when the result stays
 * on it. Anything a browser would quietly drop or reinterpret (tab, newline, any control character, a
 * backslash, a character outside printable ASCII: a `Location` header cannot carry those anyway) refuses
 * the value outright, so `/\t/evil.test` never becomes `//evil.test` on the way to the browser.
 * Links made by the site are already percent-encoded, so a real page's address always passes.
 */
export function localPath(value: string | undefined, fallback = '/'): string {
  if (value === undefined || !/^\/[\x21-\x7e]*$/.test(value) || value.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  // `/.//evil.test` normalises to the path `//evil.test`, which a browser reads as another host.
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
