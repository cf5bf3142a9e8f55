import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';
import { intField } from './fields.js';
import { authorRefSchema } from './users.js';

/** A numbered page of a list (people, or the portfolios of the people one follows). */
export const numberedPageQuerySchema = z.object({
  page: intField(1, 1_000_000).default(1),
  limit: intField(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type NumberedPageQuery = z.infer<typeof numberedPageQuerySchema>;

export const followResultSchema = z
  .object({
    following: z.boolean().meta({ description: 'Whether the caller now follows the user' }),
    followersCount: z.number().int(),
  })
  .meta({ id: 'FollowResult' });
export type FollowResult = z.infer<typeof followResultSchema>;

export const personPageSchema = z
  .object({
    items: z.array(authorRefSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: 'PersonPage' });
export type PersonPage = z.infer<typeof personPageSchema>;

export const bookmarkStateSchema = z
  .object({ saved: z.boolean().meta({ description: 'Whether the caller has the portfolio saved' }) })
  .meta({ id: 'BookmarkState' });
export type BookmarkState = z.infer<typeof bookmarkStateSchema>;

/** Blocking or muting someone (decision 55): what the caller now does to them. */
export const blockResultSchema = z
  .object({
    blocked: z.boolean().meta({ description: 'Whether the caller now blocks the user' }),
    muted: z.boolean().meta({ description: 'Whether the caller now mutes the user' }),
  })
  .meta({ id: 'BlockResult' });
export type BlockResult = z.infer<typeof blockResultSchema>;

/** One person the caller blocked or muted, and since when. */
export const blockedPersonSchema = z
  .object({ user: authorRefSchema, date: z.string() })
  .meta({ id: 'BlockedPerson' });
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

/** The caller's blocks and mutes, newest first: seen only by the caller. */
export const blockListSchema = z
  .object({ blocked: z.array(blockedPersonSchema), muted: z.array(blockedPersonSchema) })
  .meta({ id: 'BlockList' });
export type BlockList = z.infer<typeof blockListSchema>;
