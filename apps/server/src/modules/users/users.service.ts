import { BOUNDS } from '@portfolio-master/contract';
import type {
  CityCode,
  OpenToWork,
  PortfolioRef,
  ProfileCv,
  UpdateMeBody,
  User,
  WorkStatus,
} from '@portfolio-master/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../lib/database-errors.js';
import { toIsoString } from '../../lib/dates.js';
import { parseStringList, storedGallery } from '../../lib/string-list.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { isId } from '../../lib/ids.js';
import { deleteOtherSessions } from '../../data/auth.repository.js';
import { assertPasswordAllowed, hashPassword } from '../passwords/passwords.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import type { ImageInput, ImageStore } from '../images/image-store.js';
import * as images from '../../data/images.repository.js';
import { rewriteAuthorSearchDocuments } from '../../data/portfolios.repository.js';
import { findFollowed } from '../../data/follows.repository.js';
import * as users from '../../data/users.repository.js';
import { activeBlock } from './blocks.js';
import { telegramChatOf } from '../telegram-chats/telegram-chats.service.js';

export const AVATAR_MAX_DIMENSION = 512;

/** A person's portfolios as their profile lists them: the newest, how many, and those pinned first. */
export interface ProfilePortfolios {
  newest: PortfolioRef[];
  count: number;
  pinned: PortfolioRef[];
}

export const usernameTaken = () =>
  new HttpError(409, 'USERNAME_TAKEN', 'validation.username.taken', {
    username: ['validation.username.taken'],
  });

/** The affiliation a profile states, and whether an admin verified it; null when it states none. */
export function affiliationOf(
  row: Pick<UserRow, 'affiliation_kind' | 'affiliation_name' | 'affiliation_verified_at'>,
): User['affiliation'] {
  if (row.affiliation_kind === null || row.affiliation_name === null) return null;
  return {
    kind: row.affiliation_kind as NonNullable<User['affiliation']>['kind'],
    name: row.affiliation_name,
    verified: row.affiliation_verified_at !== null,
  };
}

export class UsersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly imageStore: ImageStore,
    private readonly adminEmails: ReadonlySet<string>,
    /** Hears of profile changes: names and avatars show on many pages, and searches match names. */
    private readonly changes: ChangeFeed,
  ) {}

  isAdmin(row: Pick<UserRow, 'is_admin' | 'email'>): boolean {
    return row.is_admin === 1 || (row.email !== null && this.adminEmails.has(row.email));
  }

  /** The API shape. The email shows to its owner always and to others only when made public. */
  toUser(row: UserRow, portfolios: ProfilePortfolios, viewerId: string | null, followedByMe = false): User {
    const showEmail = row.id === viewerId || row.email_public === 1;
    return {
      _id: row.id,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      email: showEmail ? row.email : null,
      emailPublic: row.email_public === 1,
      image: row.image,
      isAdmin: this.isAdmin(row),
      description: row.description,
      skills: parseStringList(row.skills),
      githubProfile: row.github_profile,
      telegramProfile: row.telegram_profile,
      ...this.cvOf(row),
      pinned: portfolios.pinned,
      registeredDate: toIsoString(row.created_at),
      portfolios: portfolios.newest,
      portfoliosCount: portfolios.count,
      followersCount: row.followers_count,
      followingCount: row.following_count,
      followedByMe,
      ...(row.id === viewerId
        ? {
            ...moderationOf(row),
            signIn: { password: row.password_hash !== null, telegram: row.telegram_id !== null },
            telegramChat: telegramChatOf(row),
          }
        : {}),
    };
  }

  /** What the profile says as a CV. */
  cvOf(row: UserRow): ProfileCv {
    const preferences = parseJson<Omit<OpenToWork, 'status'>>(row.work_preferences, {
      roles: [],
      employment: [],
      remote: false,
    });
    return {
      headline: row.headline,
      city: row.city as CityCode | null,
      website: row.website,
      linkedin: row.linkedin,
      experience: parseJson(row.experience, []),
      education: parseJson(row.education, []),
      openToWork: { ...preferences, status: row.work_status as WorkStatus },
      affiliation: affiliationOf(row),
    };
  }

  /** The users as `viewerId` sees them; a hidden pinned portfolio shows only to its author and admins. */
  async present(rows: UserRow[], viewerId: string | null, viewerIsAdmin = false): Promise<User[]> {
    const ids = rows.map((row) => row.id);
    const [refs, followed, pins] = await Promise.all([
      this.portfolioRefs(ids),
      viewerId ? findFollowed(this.db, viewerId, ids) : new Set<string>(),
      users.findPins(this.db, ids),
    ]);
    const pinned = new Map<string, PortfolioRef[]>();
    for (const row of pins) {
      if (row.hidden_at !== null && row.user_id !== viewerId && !viewerIsAdmin) continue;
      const list = pinned.get(row.user_id) ?? [];
      list.push(portfolioRef(row));
      pinned.set(row.user_id, list);
    }
    return rows.map((row) =>
      this.toUser(
        row,
        { newest: [], count: 0, ...refs.get(row.id), pinned: pinned.get(row.id) ?? [] },
        viewerId,
        followed.has(row.id),
      ),
    );
  }

  async presentOne(row: UserRow, viewerId: string | null, viewerIsAdmin = false): Promise<User> {
    const [user] = await this.present([row], viewerId, viewerIsAdmin);
    return user!;
  }

  /** Each author's newest portfolios (at most `BOUNDS.userPortfolios`) and their number. */
  private async portfolioRefs(
    authorIds: string[],
  ): Promise<Map<string, { newest: PortfolioRef[]; count: number }>> {
    const { portfolios, counts } = await users.findPortfolioRefs(this.db, authorIds, BOUNDS.userPortfolios);
    const byAuthor = new Map<string, { newest: PortfolioRef[]; count: number }>(
      [...counts].map(([authorId, count]) => [authorId, { newest: [], count }]),
    );
    for (const portfolio of portfolios) {
      byAuthor.get(portfolio.author_id)?.newest.push(portfolioRef(portfolio));
    }
    return byAuthor;
  }

  async list(limit: number, offset: number, viewerId: string | null): Promise<User[]> {
    return this.present(await users.listUsers(this.db, limit, offset), viewerId);
  }

  async findByIdOrUsername(idOrUsername: string): Promise<UserRow | undefined> {
    // No username holds U+0000, and PostgreSQL refuses it in a query parameter.
    if (idOrUsername.includes('\u0000')) return undefined;
    if (isId(idOrUsername)) {
      const byId = await users.findUserById(this.db, idOrUsername);
      if (byId) return byId;
    }
    return users.findUserByUsername(this.db, idOrUsername);
  }

  /** A profile a moderator hid is there only for its owner and admins (who also see why, and any block). */
  async getOne(idOrUsername: string, viewer: { id: string; isAdmin: boolean } | null): Promise<User> {
    const row = await this.findByIdOrUsername(idOrUsername);
    const own = row !== undefined && row.id === viewer?.id;
    if (!row || (row.hidden_at !== null && !own && !viewer?.isAdmin)) {
      throw notFound('problem.user.notFound');
    }
    const user = await this.presentOne(row, viewer?.id ?? null, viewer?.isAdmin);
    return viewer?.isAdmin ? { ...user, ...moderationOf(row) } : user;
  }

  async updateMe(
    current: UserRow,
    sessionId: string,
    body: UpdateMeBody,
    avatar: ImageInput | undefined,
  ): Promise<User> {
    const patch: users.UserPatch = {};
    if (body.firstname !== undefined) patch.firstname = body.firstname;
    if (body.lastname !== undefined) patch.lastname = body.lastname;
    if (body.description !== undefined) patch.description = body.description ?? '';
    if (body.skills !== undefined) patch.skills = JSON.stringify(body.skills);
    if (body.githubProfile !== undefined) patch.github_profile = body.githubProfile ?? '';
    if (body.telegramProfile !== undefined) patch.telegram_profile = body.telegramProfile ?? '';
    if (body.emailPublic !== undefined) patch.email_public = body.emailPublic ? 1 : 0;
    if (body.headline !== undefined) patch.headline = body.headline;
    if (body.city !== undefined) patch.city = body.city;
    if (body.website !== undefined) patch.website = body.website ?? '';
    if (body.linkedin !== undefined) patch.linkedin = body.linkedin ?? '';
    if (body.experience !== undefined) patch.experience = JSON.stringify(body.experience);
    if (body.education !== undefined) patch.education = JSON.stringify(body.education);
    if (body.openToWork !== undefined) {
      const { status, ...preferences } = body.openToWork;
      patch.work_status = status;
      patch.work_preferences = JSON.stringify(preferences);
    }

    if (body.username !== undefined && body.username !== current.username) {
      const holder = await users.findUserByUsername(this.db, body.username);
      if (holder && holder.id !== current.id) throw usernameTaken();
      patch.username = body.username;
    }

    // The route has confirmed the owner for a new password (AuthService.confirmOwner).
    const password = body.password;
    const changesPassword = password !== undefined;
    if (changesPassword) {
      assertPasswordAllowed(password, {
        username: patch.username ?? current.username,
        email: current.email ?? undefined,
      });
      patch.password_hash = await hashPassword(password);
    }

    const stored = avatar
      ? await this.imageStore.save(avatar, { maxDimension: AVATAR_MAX_DIMENSION })
      : undefined;
    if (stored) patch.image = stored.filename;
    patch.updated_at = new Date().toISOString();
    const sendsNames =
      patch.username !== undefined || patch.firstname !== undefined || patch.lastname !== undefined;

    let renamed = false;
    try {
      await this.db.transaction().execute(async (trx) => {
        if (body.pinned !== undefined) await pin(trx, this.dialect, current.id, body.pinned);
        if (stored)
          await images.insertImage(trx, { ...stored, ownerId: current.id, portfolioId: null, position: 0 });
        // The author's names are part of every portfolio's search document. They are compared with the
        // row as it is inside the transaction, not as it was when the request was authenticated, so that
        // a concurrent rename cannot leave the documents behind.
        const before = sendsNames ? await users.lockUserNames(trx, this.dialect, current.id) : undefined;
        await users.updateUser(trx, current.id, patch);
        if (body.affiliation !== undefined) await users.setAffiliation(trx, current.id, body.affiliation);
        renamed = before !== undefined && isRename(before, patch);
        if (renamed) await rewriteAuthorSearchDocuments(trx, this.dialect, current.id);
        if (stored && current.image) await images.deleteImageRows(trx, [current.image]);
        if (changesPassword) await deleteOtherSessions(trx, current.id, sessionId);
      });
    } catch (error) {
      if (stored) await this.imageStore.remove([stored.filename]);
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
    if (stored) await this.imageStore.place([stored.filename]);
    // Names, avatars and bios show on every page that shows the author or their comments.
    await this.changes.publish([changeTags.everything]);
    if (stored && current.image) await this.imageStore.remove([current.image]);

    const updated = await users.findUserById(this.db, current.id);
    return this.presentOne(updated!, current.id);
  }
}

/** Pins the person's own portfolios, in this order; any other id refuses the whole edit. */
async function pin(
  db: Transaction<Database>,
  dialect: Dialect,
  userId: string,
  ids: string[],
): Promise<void> {
  // One edit of the pins at a time: two at once would both insert after both deleted.
  await users.lockUserNames(db, dialect, userId);
  const own = await users.findOwnPortfolioIds(db, userId, ids);
  if (ids.some((id) => !own.has(id))) throw validationFailed('pinned', 'validation.pinned.notYours');
  await users.replacePins(db, userId, ids);
}

const portfolioRef = (row: users.PortfolioRefRow): PortfolioRef => ({
  _id: row.id,
  title: row.title,
  linktitle: row.linktitle,
  ...storedGallery(row.image_names, row.image_alts),
});

/** A JSON column as written by the service; what cannot be read is as if never written. */
function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function isRename(
  before: Pick<UserRow, 'username' | 'firstname' | 'lastname'>,
  patch: users.UserPatch,
): boolean {
  return (
    (patch.username !== undefined && patch.username !== before.username) ||
    (patch.firstname !== undefined && patch.firstname !== before.firstname) ||
    (patch.lastname !== undefined && patch.lastname !== before.lastname)
  );
}

/** What moderation holds about an account, for the person and for admins. */
function moderationOf(row: UserRow): Pick<User, 'hidden' | 'blocked'> {
  return {
    hidden:
      row.hidden_at === null ? null : { reason: row.hidden_reason ?? '', date: toIsoString(row.hidden_at) },
    blocked: activeBlock(row),
  };
}
