import { z } from 'zod';
import { LIMITS } from './constants.js';
import { booleanField, intField, withoutNul } from './fields.js';
import { CITIES, WORK_STATUS } from './constants.js';
import { affiliationSchema } from './profile-cv.js';
import { authorRefSchema } from './users.js';

/*
 * The people directory (docs/decisions/0040-people-directory.md): who shows their work here, found by
 * name, username, headline and skills, filtered by a technology of their portfolios, their city and
 * whether they look for work, sorted by the likes their work received, by who joined last, or by
 * followers. Hidden and blocked accounts are never listed.
 */

/** People on a page of the directory. */
export const PEOPLE_PAGE_SIZE = 20;

/** Most liked work, newest, most followed. */
export const PEOPLE_SORTS = ['liked', 'new', 'followed'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

/** Skills a card shows, the person's first ones. */
export const CARD_SKILLS = 5;

/** What a form leaves empty is not given: `?city=&technology=` means no filter. */
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const peopleQuerySchema = z.object({
  q: withoutNul(z.string().trim().max(200, { error: 'validation.search.tooLong' })).optional(),
  technology: withoutNul(
    z.preprocess(
      emptyIsAbsent,
      z
        .string()
        .trim()
        .max(LIMITS.technologies.itemMax, { error: 'validation.filter.itemTooLong' })
        .optional(),
    ),
  ),
  city: z.preprocess(emptyIsAbsent, z.enum(CITIES, { error: 'validation.city.unknown' }).optional()),
  openToWork: z.preprocess(emptyIsAbsent, booleanField.optional()),
  sort: z.preprocess(emptyIsAbsent, z.enum(PEOPLE_SORTS).default('liked')),
  page: intField(1, 1_000_000).default(1),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

export const personCardSchema = authorRefSchema
  .pick({ _id: true, username: true, firstname: true, lastname: true, image: true })
  .extend({
    headline: z.string(),
    city: z.enum(CITIES).nullable(),
    openToWork: z.enum(WORK_STATUS),
    affiliation: affiliationSchema.nullable(),
    skills: z.array(z.string()).meta({ description: `The first ${CARD_SKILLS} of the person's skills` }),
    portfoliosCount: z.number().int(),
    followersCount: z.number().int(),
    likesReceived: z.number().int().meta({ description: 'Likes of all the person’s portfolios' }),
  })
  .meta({ id: 'PersonCard' });
export type PersonCard = z.infer<typeof personCardSchema>;

export const personCardPageSchema = z
  .object({
    items: z.array(personCardSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pageCount: z.number().int(),
  })
  .meta({ id: 'PersonCardPage' });
export type PersonCardPage = z.infer<typeof personCardPageSchema>;
