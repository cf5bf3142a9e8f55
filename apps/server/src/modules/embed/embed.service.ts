import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ChangeFeed } from '../../lib/changes.js';
import type { ImageStore } from '../images/image-store.js';
import type { PortfoliosService } from '../portfolios/portfolios.service.js';
import type { UsersService } from '../users/users.service.js';

export interface EmbedDependencies {
  users: UsersService;
  portfolios: PortfoliosService;
  imageStore: ImageStore;
  changes: ChangeFeed;
  publicUrl: string;
}

/** Cards other sites show: a profile's SVG card, a portfolio's framed card and their oEmbed answers. */
export class EmbedService {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: Dialect,
    readonly deps: EmbedDependencies,
  ) {}
}
