import { toLatin } from '@portfolio-master/contract';

/*
 * What a search should find, worked out from what was written: every text folded to Latin and split into
 * its words, independently of the server's index and queries.
 */

/** The words a text is found by, in Latin and lower case. */
export const wordsOf = (text: string): string[] =>
  toLatin(text)
    .toLowerCase()
    .replace(/[‘’'`ʻʼ]/g, ' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .match(/[\p{L}\p{N}]+/gu) ?? [];

/** Whether any of the texts has a word that starts with this (Latin, lower-case) prefix. */
export const hasWordStarting = (texts: readonly string[], prefix: string) =>
  texts.some((text) => wordsOf(text).some((word) => word.startsWith(prefix)));
