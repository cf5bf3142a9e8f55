/*
 * Text that ends up in our XML documents comes from users (titles, names, Markdown descriptions), so
 * every value goes through these functions; no document is assembled from unescaped strings.
 */

/**
 * Code points that XML 1.0 does not allow anywhere, even as character references: the C0 controls but
 * tab, line feed and carriage return, unpaired surrogates, U+FFFE and U+FFFF.
 */
const NOT_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A parser turns a literal carriage return into a line feed, and in attributes white space into spaces.
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
};

/** Drops what XML cannot carry; kept apart so that lengths can be measured on what will be sent. */
export function xmlSafe(value: string): string {
  return value.replace(NOT_IN_XML, '');
}

/** Printable ASCII but `&`, `<` and `>`, and tab and line feed: nothing to do (most URLs and dates). */
const PLAIN_TEXT = /^[\t\n\u0020-\u0025\u0027-\u003b\u003d\u003f-\u007e]*$/;

/** For element content: `]]>` and markup cannot appear, because `<`, `>` and `&` never do. */
export function escapeText(value: string): string {
  if (PLAIN_TEXT.test(value)) return value;
  return xmlSafe(value).replace(/[&<>\r]/g, (character) => ESCAPES[character]!);
}

/** For attribute values in either kind of quotes. */
export function escapeAttribute(value: string): string {
  return xmlSafe(value).replace(/[&<>"'\r\n\t]/g, (character) => ESCAPES[character]!);
}

/** `<name attr="…">text</name>`, everything escaped; attributes whose value is undefined are left out. */
export function element(name: string, attributes: Record<string, string | undefined>, text?: string): string {
  let open = `<${name}`;
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined) open += ` ${key}="${escapeAttribute(value)}"`;
  }
  return text === undefined ? `${open}/>` : `${open}>${escapeText(text)}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
