import { keptTechnologyName, LIMITS } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import { technologySlug } from '../../data/naming.js';
import { findKeptTechnologies } from '../../data/technologies.repository.js';
import type { Database } from '../../db/schema.js';

/**
 * The name a technology named this way is kept under, when that is another name: a spelling the
 * contract's list folds ("ReactJS" → React), or a technology an admin merged into another. Undefined
 * for a kept name, an unknown one and one no technology can have. Its filter's and feed's addresses
 * answer 301 to the kept name (docs/decisions/0058-one-name-per-technology.md).
 */
export async function movedTechnology(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const slug = technologySlug(name);
  // Nothing longer can be stored, and PostgreSQL refuses U+0000 in a parameter.
  if (slug === '' || slug.length > LIMITS.technologies.itemMax || slug.includes('\u0000')) return undefined;
  const listed = keptTechnologyName(slug);
  const listedSlug = technologySlug(listed);
  const known = await findKeptTechnologies(db, [...new Set([listedSlug, slug])]);
  const kept = known.get(listedSlug)?.name ?? listed;
  return technologySlug(kept) === slug ? undefined : kept;
}
