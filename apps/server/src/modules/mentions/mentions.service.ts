import { BOUNDS, type MentionCandidates } from '@portfolio-master/contract';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { changeTags } from '../../lib/changes.js';
import { personal, type Read, type Reads } from '../../lib/reads.js';
import { findMentionCandidates } from '../../data/mentions.repository.js';
import type { BlocksService } from '../blocks/blocks.service.js';

/**
 * The usernames suggested as one types after `@` (docs/decisions/0057-mentions.md): by prefix, from a
 * username index, kept as everyone sees them until an account changes; a reader who blocked or muted
 * someone, or was blocked, gets the kept list without them.
 */
export class MentionsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly reads: Reads,
    private readonly blocks: BlocksService,
  ) {}

  async suggest(typed: string, readerId: string | undefined): Promise<Read<MentionCandidates>> {
    const prefix = typed.toLowerCase();
    const read = await this.reads.get(`mentions:${prefix}`, async () => {
      const rows = await findMentionCandidates(
        this.db,
        this.dialect,
        prefix,
        BOUNDS.mentionSuggestions,
        new Date().toISOString(),
      );
      const items = rows.map((row) => ({
        _id: row.id,
        username: row.username,
        firstname: row.firstname,
        lastname: row.lastname,
        image: row.image,
      }));
      return { value: { items }, tags: [changeTags.users] };
    });
    const hidden = await this.blocks.hiddenFor(readerId);
    if (!read.value.items.some((item) => hidden.has(item._id))) return read;
    return personal({ items: read.value.items.filter((item) => !hidden.has(item._id)) }, read);
  }
}
