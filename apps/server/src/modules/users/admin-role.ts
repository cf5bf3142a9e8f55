import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { setAdminFlag } from '../../data/users.repository.js';

/**
 * Gives or takes the stored admin role by username, and tells whoever caches them (this process's caches, and
 * through Redis every running instance's) that the role shows anywhere: on the user, their portfolios,
 * their comments. False when there is no such user.
 */
export async function setAdminRole(
  db: Kysely<Database>,
  changes: ChangeFeed,
  username: string,
  isAdmin: boolean,
): Promise<boolean> {
  const changed = await setAdminFlag(db, username, isAdmin);
  if (changed) await changes.publish([changeTags.everything]);
  return changed;
}
