import { cloneElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\d+)>(.*?)<\/\1>|<(\d+)\/>/gs;

/**
 * A message with elements inside its sentence (`Hisobingiz yo‘qmi? <0>Ro‘yxatdan o‘ting</0>`): the words
 * between `<n>` and `</n>` become the children of `tags[n]`, so a translation may put the link wherever
 * its grammar wants it. The message's values are already in `text`: give it none a person wrote.
 */
export function Rich({ text, tags }: { text: string; tags: readonly ReactElement[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const inner = match[2];
    const tag = tags[Number(match[1] ?? match[3])];
    const key = parts.length;
    if (tag) parts.push(inner === undefined ? cloneElement(tag, { key }) : cloneElement(tag, { key }, inner));
    else if (inner) parts.push(inner);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
