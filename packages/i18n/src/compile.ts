import type { Messages } from '@lingui/core';
import { type CompiledMessage, compileMessage } from '@lingui/message-utils/compileMessage';
import { toCyrillic } from '@portfolio-master/contract/script';

/*
 * The catalogs (ICU MessageFormat, in src/catalog) as what @lingui/core reads at run time, so neither the
 * browser nor the server parses a message. Run by scripts/compile.mjs at build time only.
 */

/** A catalog compiled: each message as @lingui/core's tokens. */
export function compileCatalog(catalog: Readonly<Record<string, string>>): Messages {
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, compileMessage(message)]));
}

const TAG = /(<\/?\d+\/?>)/;

const literal = (text: string) =>
  text
    .split(TAG)
    .map((part) => (TAG.test(part) ? part : toCyrillic(part)))
    .join('');

type Token = CompiledMessage[number];

/**
 * A compiled Latin message with its literal text in Cyrillic: what the message is given (`{title}`,
 * `{name}`), its formats and its tags (`<0>…</0>`) stay as they are; plural and select branches are
 * converted the same way.
 */
export function cyrillicMessage(message: CompiledMessage | string): CompiledMessage | string {
  if (typeof message === 'string') return literal(message);
  return message.map((token: Token): Token => {
    if (typeof token === 'string') return literal(token);
    const [name, format, options] = token as [string, string?, unknown?];
    if (options === null || typeof options !== 'object') return token;
    const branches = Object.fromEntries(
      Object.entries(options as Record<string, unknown>).map(([choice, branch]) => [
        choice,
        typeof branch === 'string' || Array.isArray(branch)
          ? cyrillicMessage(branch as CompiledMessage | string)
          : branch,
      ]),
    );
    return [name, format, branches] as Token;
  });
}

/** Every message of a compiled Latin catalog in Cyrillic. */
export function cyrillicCatalog(latin: Messages): Messages {
  return Object.fromEntries(
    Object.entries(latin).map(([key, message]) => [
      key,
      cyrillicMessage(message as CompiledMessage | string),
    ]),
  );
}

/**
 * Keys only the server writes: the API's refusals and field messages, mails, feeds, the words drawn on
 * preview cards, CVs and embedded cards. The web app shows a refusal's detail and field messages as the
 * server wrote them, so browsers are sent the rest only.
 */
export const SERVER_ONLY_PREFIXES = [
  'problem.',
  'validation.',
  'mail.',
  'atom.',
  'card.site.',
  'card.profile.',
  'cv.',
  'embed.',
  'bot.',
] as const;

/** One language's messages as browsers get them: without what only the server writes. */
export function browserMessages(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).filter(
      ([key]) => !SERVER_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix)),
    ),
  );
}
