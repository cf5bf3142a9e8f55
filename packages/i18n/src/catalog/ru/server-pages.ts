import type { Translation } from '../types.js';
import type { serverPages as source } from '../uz-Latn/server-pages.js';

export const serverPages = {
  'switch.unknownLocale': 'Язык: uz-Latn, uz-Cyrl, ru или en',
  'switch.unknownScript': 'Алфавит: latn или cyrl',
} satisfies Translation<typeof source>;
