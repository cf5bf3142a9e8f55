/** Text safe inside an HTML attribute or element of a snippet someone pastes elsewhere. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** Text safe inside a Markdown link's or image's brackets. */
export const escapeMarkdown = (value: string) => value.replace(/[[\]\\]/g, (char) => `\\${char}`);
