/**
 * If-None-Match compares weakly (RFC 9110 13.1.2): `W/` is ignored and `*` matches any. `etag` is the
 * current tag, or a test for the tags of every current form (a document's compressed copies).
 */
export function matchesIfNoneMatch(
  header: string | undefined,
  etag: string | ((candidate: string) => boolean),
): boolean {
  if (!header) return false;
  const current = typeof etag === 'string' ? (candidate: string) => candidate === etag : etag;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || current(tag.replace(/^W\//, ''));
  });
}
