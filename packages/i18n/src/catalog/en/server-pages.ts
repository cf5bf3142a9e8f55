import type { Translation } from '../types.js';
import type { serverPages as source } from '../uz-Latn/server-pages.js';

export const serverPages = {
  'switch.unknownLocale': 'Language: uz-Latn, uz-Cyrl, ru or en',
  'switch.unknownScript': 'Script: latn or cyrl',
} satisfies Translation<typeof source>;
