import type { LoginBody, RegisterBody } from '@portfolio-master/contract';
import { DEFAULT_LOCALE, type Locale } from '@portfolio-master/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, UserRow } from '../../db/schema.js';
import { Batches } from '../../lib/batches.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { isUniqueViolation, violatedConstraint } from '../../lib/database-errors.js';
import { addDays, toIsoString } from '../../lib/dates.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { type Soon, whenReady } from '../../lib/soon.js';
import { TaggedCache } from '../../lib/tagged-cache.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { ImageInput, ImageStore } from '../images/image-store.js';
import * as images from '../../data/images.repository.js';
import type { Mailer } from '../mail/mailer.js';
import { alreadyRegisteredMail, pageLink, verificationMail } from '../mail/templates.js';
import { AVATAR_MAX_DIMENSION, usernameTaken } from '../users/users.service.js';
import * as users from '../../data/users.repository.js';
import * as auth from '../../data/auth.repository.js';
import type { Authenticated } from '../../data/auth.repository.js';
import {
  assertPasswordAllowed,
  hashPassword,
  isOriginalHash,
  verifyAgainstDummy,
  verifyPassword,
} from '../passwords/passwords.js';

const SESSION_DAYS = 30;
/** Sliding expiry is pushed forward at most this often, so reads do not write on every request. */
const SESSION_REFRESH_MS = 60 * 60 * 1000;
const VERIFICATION_HOURS = 24;

/**
 * How recent a sign-in must be to confirm a sensitive change for an account that has no password to
 * type (one made with Telegram): its owner signs in with Telegram again, then has this long.
 */
export const CONFIRMATION_WINDOW_MS = 10 * 60 * 1000;

const wrongPassword = () => validationFailed('currentPassword', 'problem.password.wrong');

const passwordMissing = () => validationFailed('currentPassword', 'validation.currentPassword.required');

const confirmationRequired = () => new HttpError(403, 'CONFIRMATION_REQUIRED', 'problem.confirmWithTelegram');

const emailNotVerified = () => new HttpError(400, 'EMAIL_NOT_VERIFIED', 'problem.email.notVerified');

const emailTaken = () =>
  new HttpError(409, 'EMAIL_TAKEN', 'problem.email.taken', { email: ['problem.email.taken'] });

const invalidCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', 'problem.credentials');

/** Whether a session expiring at `expiresAt` (ms) and used at `now` is due to be renewed (at most hourly). */
function renewalDue(expiresAt: number, now: Date): boolean {
  return addDays(now, SESSION_DAYS).getTime() - expiresAt > SESSION_REFRESH_MS;
}

/** The new expiry of a session used at `now`, when it is due; undefined otherwise. */
function renewalOf(expiresAt: Date | string, now: Date): string | undefined {
  return renewalDue(new Date(toIsoString(expiresAt)).getTime(), now)
    ? addDays(now, SESSION_DAYS).toISOString()
    : undefined;
}

type SessionLikesAsk = { tokenHash: string; portfolioIds: readonly string[] };

/** A session as a signed-in read of kept answers needs it: whose it is, until when, what they like of a page. */
interface ViewerLikes {
  userId: string;
  expiresAt: number;
  liked: Set<string>;
}

/** A session's look-up as `likesOf` answers it: none when it has ended or is due to be renewed. */
function live(found: ViewerLikes | null): { userId: string; liked: Set<string> } | undefined {
  const now = new Date();
  if (!found || found.expiresAt <= now.getTime() || renewalDue(found.expiresAt, now)) {
    return undefined;
  }
  return { userId: found.userId, liked: found.liked };
}

export class AuthService {
  /**
   * A session and which of some portfolios its user likes. On PostgreSQL, where each statement is a round
   * trip, the look-ups of one turn of the event loop go together as one statement.
   */
  private readonly sessionLikes: (ask: SessionLikesAsk) => Promise<auth.SessionLikes | undefined>;
  /**
   * `likesOf`'s answers by token hash and portfolios, kept until the person likes or unlikes something or
   * one of their sessions is opened, extended or ended (`changeTags.viewer`): a reader going through kept
   * pages asks the database once per page, not once per request.
   */
  private readonly viewers: TaggedCache<ViewerLikes | null>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      mailer: Mailer;
      limiter: RateLimiter;
      imageStore: ImageStore;
      changes: ChangeFeed;
      publicUrl: string;
      logger: FastifyBaseLogger;
      dialect: Dialect;
    },
  ) {
    const lookUp = async (asks: readonly SessionLikesAsk[]) => {
      const found = await auth.findSessionsLikes(
        this.db,
        [...new Set(asks.map((ask) => ask.tokenHash))],
        new Date().toISOString(),
        [...new Set(asks.flatMap((ask) => ask.portfolioIds))],
      );
      // A batch asks about every portfolio any of its requests named: each gets its own.
      return asks.map((ask) => {
        const session = found.get(ask.tokenHash);
        return session && { ...session, liked: session.liked.filter((id) => ask.portfolioIds.includes(id)) };
      });
    };
    this.viewers = new TaggedCache<ViewerLikes | null>({ ttlMs: 10 * 60_000, maxEntries: 20_000 }).follow(
      deps.changes,
    );
    if (deps.dialect === 'postgres') {
      const batches = new Batches(lookUp);
      this.sessionLikes = (ask) => batches.load(ask);
    } else {
      this.sessionLikes = async (ask) => (await lookUp([ask]))[0];
    }
  }

  async sendVerification(email: string, ip: string, locale: Locale = DEFAULT_LOCALE): Promise<void> {
    const { limiter, mailer, publicUrl } = this.deps;
    await limiter.consume(RATE_RULES.verificationPerIp, ip);
    await limiter.consume(RATE_RULES.verificationPerAddress, email);

    const existing = await users.findUserByEmail(this.db, email);
    if (existing) {
      await mailer.send(alreadyRegisteredMail(email, pageLink(publicUrl, locale, '/auth/login'), locale));
      return;
    }
    const token = newToken();
    const now = new Date();
    await auth.insertVerification(this.db, {
      id: newId(now),
      email,
      tokenHash: hashToken(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + VERIFICATION_HOURS * 3_600_000).toISOString(),
    });
    const query = `email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
    await mailer.send(
      verificationMail(email, pageLink(publicUrl, locale, `/auth/register?${query}`), locale),
    );
  }

  /**
   * What a sign-up is checked for before its body is read: the per-IP limit, and a live link in the
   * `token` header (whose address is compared once the body has arrived).
   */
  async admitRegistration(token: string | undefined, ip: string): Promise<void> {
    await this.deps.limiter.consume(RATE_RULES.registerPerIp, ip);
    if (!token || !(await auth.isVerificationUsable(this.db, hashToken(token), new Date().toISOString()))) {
      throw emailNotVerified();
    }
  }

  /** Expects `admitRegistration` to have passed for the same request. */
  async register(
    token: string | undefined,
    body: RegisterBody,
    avatar: ImageInput | undefined,
  ): Promise<{ user: UserRow; token: string }> {
    if (!token) throw emailNotVerified();
    const tokenHash = hashToken(token);
    const now = new Date();
    if (!(await auth.isVerificationUsable(this.db, tokenHash, now.toISOString(), body.email))) {
      throw emailNotVerified();
    }
    assertPasswordAllowed(body.password, { username: body.username, email: body.email });
    if (await users.findUserByUsername(this.db, body.username)) throw usernameTaken();
    if (await users.findUserByEmail(this.db, body.email)) throw emailTaken();

    const passwordHash = await hashPassword(body.password);
    const userId = newId(now);
    const stored = avatar
      ? await this.deps.imageStore.save(avatar, { maxDimension: AVATAR_MAX_DIMENSION })
      : undefined;
    let sessionToken = '';
    try {
      await this.db.transaction().execute(async (trx) => {
        if (!(await auth.consumeVerification(trx, tokenHash, body.email, now.toISOString()))) {
          throw emailNotVerified();
        }
        await users.insertUser(trx, {
          id: userId,
          username: body.username,
          email: body.email,
          email_public: 0,
          password_hash: passwordHash,
          firstname: body.firstname,
          lastname: body.lastname,
          image: stored?.filename ?? null,
          is_admin: 0,
          description: body.description ?? '',
          skills: JSON.stringify(body.skills ?? []),
          github_profile: body.githubProfile ?? '',
          telegram_profile: body.telegramProfile ?? '',
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        if (stored)
          await images.insertImage(trx, { ...stored, ownerId: userId, portfolioId: null, position: 0 });
        sessionToken = await this.openSession(trx, userId, now);
      });
    } catch (error) {
      if (stored) await this.deps.imageStore.remove([stored.filename]);
      if (isUniqueViolation(error)) {
        throw violatedConstraint(error).includes('email') ? emailTaken() : usernameTaken();
      }
      throw error;
    }
    if (stored) await this.deps.imageStore.place([stored.filename]);
    await this.deps.changes.publish([changeTags.users]);
    const user = await users.findUserById(this.db, userId);
    return { user: user!, token: sessionToken };
  }

  async login(body: LoginBody, ip: string): Promise<{ user: UserRow; token: string }> {
    const { limiter } = this.deps;
    const identifier = body.email.trim().toLowerCase();
    await limiter.consume(RATE_RULES.loginPerIp, ip);

    const user = identifier.includes('@')
      ? await users.findUserByEmail(this.db, identifier)
      : await users.findUserByUsername(this.db, identifier);
    // Failures count against the account whichever of its names was typed; unknown names count alike.
    // The attempt is counted before the password is checked, in one atomic step, so guesses sent all at
    // once cannot each see a count below the limit: no more than the limit are ever verified per window.
    // A success forgets the count, its own included.
    const account = user?.id ?? identifier;
    await limiter.consume(RATE_RULES.loginFailuresPerAccount, account);
    // An account made with Telegram and given no password yet is checked like an unknown name.
    const valid = user?.password_hash
      ? await verifyPassword(user.password_hash, body.password)
      : await verifyAgainstDummy(body.password);
    if (!user?.password_hash || !valid) throw invalidCredentials();
    await limiter.reset(RATE_RULES.loginFailuresPerAccount, account);
    // An account imported from the original site gets our hash once its password is known (decision 0030).
    if (isOriginalHash(user.password_hash)) {
      await auth.replacePasswordHash(this.db, user.id, user.password_hash, await hashPassword(body.password));
    }
    return { user, token: await this.openSession(this.db, user.id, new Date()) };
  }

  /** The signed-in user for a token, extending the session's 30 days as it is used. */
  async authenticate(token: string | undefined): Promise<Authenticated | null> {
    if (!token || token.length > 200) return null;
    const now = new Date();
    const found = await auth.findSessionWithUser(this.db, hashToken(token), now.toISOString());
    if (!found) return null;
    const renewal = renewalOf(found.expiresAt, now);
    if (renewal) {
      await auth.extendSession(this.db, found.sessionId, renewal);
      await this.deps.changes.publish([changeTags.viewer(found.user.id)]);
    }
    return {
      user: found.user,
      sessionId: found.sessionId,
      sessionStartedAt: new Date(toIsoString(found.startedAt)),
    };
  }

  /**
   * Whether the person at the keyboard owns the account, before a sensitive change (another password or
   * email, deleting it): the current password, checked under the same per-account limit as signing in.
   * An account with no password confirms it by a sign-in (with Telegram) in the last ten minutes.
   */
  async confirmOwner(authenticated: Authenticated, password: string | undefined): Promise<void> {
    const { user } = authenticated;
    if (user.password_hash === null) {
      const age = Date.now() - authenticated.sessionStartedAt.getTime();
      if (age > CONFIRMATION_WINDOW_MS) throw confirmationRequired();
      return;
    }
    if (!password) throw passwordMissing();
    const { limiter } = this.deps;
    await limiter.consume(RATE_RULES.loginFailuresPerAccount, user.id);
    if (!(await verifyPassword(user.password_hash, password))) throw wrongPassword();
    await limiter.reset(RATE_RULES.loginFailuresPerAccount, user.id);
  }

  /**
   * Which of these portfolios the holder of `token` likes, in one look-up (on PostgreSQL, one for all the
   * requests that asked in the same turn of the event loop); undefined when the token names no live
   * session, or one due to be renewed (then `authenticate` must see the request).
   */
  likesOf(
    token: string,
    portfolioIds: readonly string[],
  ): Soon<{ userId: string; liked: Set<string> } | undefined> {
    if (token.length > 200) return undefined;
    const tokenHash = hashToken(token);
    const key = `${tokenHash}|${portfolioIds.join(',')}`;
    const found = this.viewers.getOrLoad(key, async () => {
      const session = await this.sessionLikes({ tokenHash, portfolioIds });
      // No live session: asked again next time (it may be opened in between), nothing kept.
      if (!session) return { value: null, tags: null };
      const value = {
        userId: session.userId,
        expiresAt: new Date(toIsoString(session.expiresAt)).getTime(),
        liked: new Set(session.liked),
      };
      return { value, tags: [changeTags.viewer(session.userId)] };
    });
    return whenReady(found, live);
  }

  /** Drops what nobody read for `idleMs` (see `IdleTimer`); answers how many went. */
  trimIdle(idleMs: number): number {
    return this.viewers.trimIdle(idleMs);
  }

  /** The language the account reads the site in, for mails about other people's actions. */
  async rememberLocale(userId: string, locale: Locale): Promise<void> {
    await users.setUserLocale(this.db, userId, locale);
  }

  async logout(authenticated: Authenticated): Promise<void> {
    await auth.deleteSession(this.db, authenticated.sessionId);
    await this.deps.changes.publish([changeTags.viewer(authenticated.user.id)]);
  }

  async purgeExpired(): Promise<void> {
    const now = new Date().toISOString();
    await auth.deleteExpiredSessions(this.db, now);
    await auth.deleteExpiredVerifications(this.db, now);
    await auth.deleteExpiredTelegramLogins(this.db, now);
  }

  /** Starts a session for the account and answers its token (which is stored only as a hash). */
  async openSession(
    db: Parameters<typeof auth.insertSession>[0],
    userId: string,
    now: Date,
  ): Promise<string> {
    const token = newToken();
    await auth.insertSession(db, {
      id: newId(now),
      userId,
      tokenHash: hashToken(token),
      createdAt: now.toISOString(),
      expiresAt: addDays(now, SESSION_DAYS).toISOString(),
    });
    return token;
  }
}
