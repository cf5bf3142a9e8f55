import { z } from 'zod';
import { BOUNDS, LIMITS } from './constants.js';
import { withoutNul } from './fields.js';
import { authorRefSchema } from './users.js';

/*
 * Mentions (docs/decisions/0057-mentions.md): `@username` in a comment or a description links to that
 * profile and tells its owner. The comment box suggests usernames as one types after `@`.
 */

export const mentionQuerySchema = z.object({
  q: withoutNul(
    z
      .string({ error: 'validation.mention.prefix' })
      .trim()
      .min(1, { error: 'validation.mention.prefix' })
      .max(LIMITS.username.max, { error: 'validation.mention.prefix' })
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, { error: 'validation.mention.prefix' }),
  ).meta({ description: 'What was typed after `@`: the beginning of a username, any case' }),
});
export type MentionQuery = z.infer<typeof mentionQuerySchema>;

export const mentionCandidateSchema = authorRefSchema
  .pick({ _id: true, username: true, firstname: true, lastname: true, image: true })
  .meta({ id: 'MentionCandidate' });
export type MentionCandidate = z.infer<typeof mentionCandidateSchema>;

export const mentionCandidatesSchema = z
  .object({
    items: z.array(mentionCandidateSchema).meta({
      description: `Up to ${BOUNDS.mentionSuggestions} people whose username begins so, in username order (an exact match first)`,
    }),
  })
  .meta({ id: 'MentionCandidates' });
export type MentionCandidates = z.infer<typeof mentionCandidatesSchema>;
