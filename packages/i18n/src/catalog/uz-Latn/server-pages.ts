/** What the server itself says around its pages: the language switch's answers. */
export const serverPages = {
  // `/api/locale/{locale}` was given a language the site does not speak.
  'switch.unknownLocale': 'Til: uz-Latn, uz-Cyrl, ru yoki en',
  // The earlier `/api/script/{script}` switch was given something other than Latin or Cyrillic.
  'switch.unknownScript': 'Yozuv: latn yoki cyrl',
} as const;
