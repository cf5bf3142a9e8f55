/*
 * The site's public address, for links that leave it (sharing to Telegram). Set for each server render
 * (synchronous, like the script) and, in the browser, from the state the server wrote; the browser's own
 * origin when the page was not rendered by the server.
 */
let publicUrl = '';

export function setPublicUrl(url: string): void {
  publicUrl = url.replace(/\/+$/, '');
}

/** An absolute address on this site for `path`. */
export function siteUrl(path: string): string {
  const base = publicUrl || (typeof window === 'undefined' ? '' : window.location.origin);
  return `${base}${path}`;
}
