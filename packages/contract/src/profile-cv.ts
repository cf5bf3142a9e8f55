import { z } from 'zod';
import { AFFILIATION_KIND, CITIES, EMPLOYMENT, LIMITS, WORK_STATUS } from './constants.js';
import { booleanField, jsonText, listField, optionalHttpUrl, requiredText, withoutNul } from './fields.js';

/*
 * A profile that reads as a CV (docs/decisions/0039-profiles-as-cv.md): a headline, a city, links,
 * experience, education, whether the person looks for work, an affiliation an admin may verify, and the
 * portfolios pinned first. Every field is optional; the messages are keys of the catalog (`validation.*`).
 */

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const years = { min: LIMITS.cvYears.min, max: LIMITS.cvYears.max };
const inYears = (year: number) => year >= years.min && year <= years.max;

/** A month of a CV's dates, "2024-09". */
const yearMonth = z
  .string({ error: 'validation.experience.month' })
  .regex(YEAR_MONTH, { error: 'validation.experience.month', abort: true })
  .refine((value) => inYears(Number(value.slice(0, 4))), { error: 'validation.years.range', params: years });

const year = z
  .number({ error: 'validation.education.year' })
  .int({ error: 'validation.education.year' })
  .refine(inYears, { error: 'validation.years.range', params: years });

/** A job: the role, the company, from which month until which (null: until now, "hozirgacha"). */
export const experienceEntrySchema = z
  .object(
    {
      role: withoutNul(
        requiredText(1, LIMITS.experience.roleMax, {
          required: 'validation.experience.roleRequired',
          tooLong: 'validation.experience.roleTooLong',
        }),
      ),
      company: withoutNul(
        requiredText(1, LIMITS.experience.companyMax, {
          required: 'validation.experience.companyRequired',
          tooLong: 'validation.experience.companyTooLong',
        }),
      ),
      from: yearMonth,
      to: yearMonth.nullable(),
    },
    { error: 'validation.experience.entry' },
  )
  .refine((entry) => entry.to === null || entry.from <= entry.to, {
    error: 'validation.experience.order',
    path: ['to'],
  })
  .meta({ id: 'ExperienceEntry' });
export type ExperienceEntry = z.infer<typeof experienceEntrySchema>;

/** A school: its name, the field studied ('' when not said), from which year until which (null: now). */
export const educationEntrySchema = z
  .object(
    {
      school: withoutNul(
        requiredText(1, LIMITS.education.schoolMax, {
          required: 'validation.education.schoolRequired',
          tooLong: 'validation.education.schoolTooLong',
        }),
      ),
      field: withoutNul(
        z
          .string({ error: 'validation.education.fieldType' })
          .trim()
          .max(LIMITS.education.fieldMax, { error: 'validation.education.fieldTooLong' }),
      ).default(''),
      from: year,
      to: year.nullable(),
    },
    { error: 'validation.education.entry' },
  )
  .refine((entry) => entry.to === null || entry.from <= entry.to, {
    error: 'validation.education.order',
    path: ['to'],
  })
  .meta({ id: 'EducationEntry' });
export type EducationEntry = z.infer<typeof educationEntrySchema>;

/** Whether and what work the person looks for. */
export const openToWorkSchema = z
  .object({
    status: z.enum(WORK_STATUS),
    roles: z.array(z.string()),
    employment: z.array(z.enum(EMPLOYMENT)),
    remote: z.boolean(),
  })
  .meta({ id: 'OpenToWork' });
export type OpenToWork = z.infer<typeof openToWorkSchema>;

/** The same, as a form or JSON sends it: what is left out is none (and not remote). */
export const openToWorkBodySchema = z
  .object(
    {
      status: z.enum(WORK_STATUS, { error: 'validation.openToWork.status' }),
      roles: withoutNul(
        listField(LIMITS.workRoles.itemMax, LIMITS.workRoles.maxItems, {
          item: 'validation.openToWork.role',
          itemTooLong: 'validation.openToWork.roleTooLong',
          list: 'validation.openToWork.roles',
          tooMany: 'validation.openToWork.tooManyRoles',
        }),
      ).default([]),
      employment: z
        .array(z.enum(EMPLOYMENT, { error: 'validation.openToWork.employment' }), {
          error: 'validation.openToWork.employment',
        })
        .transform((kinds) => [...new Set(kinds)])
        .default([]),
      remote: booleanField.default(false),
    },
    { error: 'validation.openToWork.type' },
  )
  .meta({ id: 'OpenToWorkBody' });

/** What the person states; only an admin marks it verified, and the person's edit removes the mark. */
export const affiliationBodySchema = z
  .object(
    {
      kind: z.enum(AFFILIATION_KIND, { error: 'validation.affiliation.kind' }),
      name: withoutNul(
        requiredText(1, LIMITS.affiliationName.max, {
          required: 'validation.affiliation.nameRequired',
          tooLong: 'validation.affiliation.nameTooLong',
        }),
      ),
    },
    { error: 'validation.affiliation.type' },
  )
  .meta({ id: 'AffiliationBody' });
export type AffiliationBody = z.infer<typeof affiliationBodySchema>;

export const affiliationSchema = z
  .object({
    kind: z.enum(AFFILIATION_KIND),
    name: z.string(),
    verified: z.boolean().meta({ description: 'Whether an admin has confirmed it' }),
  })
  .meta({ id: 'Affiliation' });
export type Affiliation = z.infer<typeof affiliationSchema>;

/** What a profile says as a CV, in every user's JSON and in the account's export. */
export const profileCvSchema = z.object({
  headline: z.string().meta({ description: 'A line under the name; "" when none' }),
  city: z.enum(CITIES).nullable(),
  website: z.string().meta({ description: 'An http(s) address, or ""' }),
  linkedin: z.string().meta({ description: 'A LinkedIn profile’s address, or ""' }),
  experience: z.array(experienceEntrySchema),
  education: z.array(educationEntrySchema),
  openToWork: openToWorkSchema,
  affiliation: affiliationSchema.nullable(),
});
export type ProfileCv = z.infer<typeof profileCvSchema>;

/** The fields of a profile as a CV that PUT /user/me/update takes, all optional. */
export const profileCvBodyFields = {
  headline: withoutNul(
    z.preprocess(
      (value) => (value === null ? '' : value),
      z
        .string({ error: 'validation.headline.type' })
        .trim()
        .max(LIMITS.headline.max, { error: 'validation.headline.tooLong' }),
    ),
  ).optional(),
  city: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z.enum(CITIES, { error: 'validation.city.unknown' }).nullable(),
    )
    .optional()
    .meta({ description: 'A region’s code; "" or null clears it' }),
  website: withoutNul(
    optionalHttpUrl(
      {
        required: 'validation.website.type',
        tooLong: 'validation.website.tooLong',
        format: 'validation.website.format',
      },
      LIMITS.website.max,
    ),
  ),
  linkedin: withoutNul(
    z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: 'validation.linkedin.type' })
        .trim()
        .max(LIMITS.website.max, { error: 'validation.linkedin.tooLong' })
        .regex(/^https:\/\/([a-z]{2,3}\.)?linkedin\.com\/in\/[^\s/?#]+\/?$/i, {
          error: 'validation.linkedin.format',
        })
        .nullable()
        .optional(),
    ),
  ),
  experience: jsonText(
    z
      .array(experienceEntrySchema, { error: 'validation.experience.list' })
      .max(LIMITS.experience.maxItems, { error: 'validation.experience.tooMany' }),
    [],
  ).optional(),
  education: jsonText(
    z
      .array(educationEntrySchema, { error: 'validation.education.list' })
      .max(LIMITS.education.maxItems, { error: 'validation.education.tooMany' }),
    [],
  ).optional(),
  openToWork: jsonText(openToWorkBodySchema, undefined).optional(),
  affiliation: jsonText(affiliationBodySchema.nullable(), null)
    .optional()
    .meta({ description: 'null clears it; a new kind or name loses the verification' }),
  pinned: jsonText(
    z
      .array(
        z
          .string({ error: 'validation.pinned.item' })
          .regex(/^[0-9a-f]{24}$/, { error: 'validation.pinned.item' }),
        { error: 'validation.pinned.list' },
      )
      .max(LIMITS.pinned.max, { error: 'validation.pinned.tooMany' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.pinned.duplicate' }),
    [],
  )
    .optional()
    .meta({ description: 'The caller’s own portfolios’ ids, in the order shown; [] unpins all' }),
};
