import { z } from 'zod';
import { intField, withoutNul } from './fields.js';
import { personCardSchema } from './people.js';
import { portfolioSummarySchema, technologySchema } from './portfolios.js';

/*
 * One search over three kinds (docs/decisions/0060-search-tabs.md): portfolios as their list finds them,
 * people as the directory finds them, technologies by the start of their name. The search page shows one
 * kind a tab, with every tab's count; the header's box suggests the first few of each as one types.
 */

export const SEARCH_TYPES = ['portfolios', 'people', 'technologies'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Results on a page of one tab. */
export const SEARCH_PAGE_SIZE = 20;

/** Suggestions of each kind under the header's box. */
export const SUGGESTIONS_PER_KIND = 4;

/** The longest query read; a longer one is refused (422), as the lists refuse it. */
export const SEARCH_QUERY_MAX = 200;

/** What a form leaves empty is not given: `?type=` is the first tab. */
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

const searchText = withoutNul(
  z.string().trim().max(SEARCH_QUERY_MAX, { error: 'validation.search.tooLong' }),
).optional();

export const searchQuerySchema = z.object({
  q: searchText,
  type: z.preprocess(emptyIsAbsent, z.enum(SEARCH_TYPES).default('portfolios')),
  page: intField(1, 1_000_000).default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const suggestQuerySchema = z.object({ q: searchText });
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

export const searchCountsSchema = z
  .object({
    portfolios: z.number().int(),
    people: z.number().int(),
    technologies: z.number().int(),
  })
  .meta({ id: 'SearchCounts', description: 'How many of each kind the query finds: the tabs’ counts' });
export type SearchCounts = z.infer<typeof searchCountsSchema>;

const pageFields = {
  q: z.string().meta({ description: 'The query as read (trimmed)' }),
  counts: searchCountsSchema,
  page: z.number().int(),
  limit: z.number().int(),
  pageCount: z.number().int().meta({ description: 'Pages of the chosen kind' }),
};

export const searchPageSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('portfolios'), items: z.array(portfolioSummarySchema), ...pageFields }),
    z.object({ type: z.literal('people'), items: z.array(personCardSchema), ...pageFields }),
    z.object({ type: z.literal('technologies'), items: z.array(technologySchema), ...pageFields }),
  ])
  .meta({ id: 'SearchPage' });
export type SearchPage = z.infer<typeof searchPageSchema>;

export const suggestionsSchema = z
  .object({
    q: z.string(),
    portfolios: z.array(portfolioSummarySchema.pick({ _id: true, linktitle: true, title: true })),
    people: z.array(
      personCardSchema.pick({ _id: true, username: true, firstname: true, lastname: true, headline: true }),
    ),
    technologies: z.array(technologySchema),
  })
  .meta({ id: 'Suggestions', description: `The first ${SUGGESTIONS_PER_KIND} of each kind` });
export type Suggestions = z.infer<typeof suggestionsSchema>;
