import { withdraw as withdrawChannelPosts } from '../../data/telegram-channel.repository.js';
import type { AccountExport, ChangeEmailBody, ResetPasswordBody, User } from '@portfolio-master/contract';
import { DEFAULT_LOCALE, type Locale } from '@portfolio-master/i18n';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { isLockTimeout, isUniqueViolation } from '../../lib/database-errors.js';
import { toIsoString } from '../../lib/dates.js';
import { parseStringList, storedGallery } from '../../lib/string-list.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { Authenticated } from '../../data/auth.repository.js';
import type { AuthService } from '../auth/auth.service.js';
import { assertPasswordAllowed, hashPassword } from '../passwords/passwords.js';
import type { ImageStore } from '../images/image-store.js';
import type { Mailer } from '../mail/mailer.js';
import {
  accountDeletedMail,
  emailChangedMail,
  emailChangeMail,
  emailInUseMail,
  noAccountMail,
  pageLink,
  passwordChangedMail,
  passwordResetMail,
} from '../mail/templates.js';
import { replacePortfolioTechnologies } from '../../data/portfolios.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { DraftsService } from '../portfolios/drafts.service.js';
import * as users from '../../data/users.repository.js';
import * as account from '../../data/account.repository.js';

/** How long a mailed reset or email-change link works. */
const LINK_MS = 60 * 60 * 1000;
/** How long the deletion waits for a row another write holds before it starts again, and how often. */
const LOCK_WAIT_MS = 200;
const DELETE_ATTEMPTS = 25;

const linkInvalid = () => new HttpError(400, 'LINK_INVALID', 'problem.link.invalid');

/**
 * What a person does to their own account beyond the profile form: a forgotten password, another email
 * address, their data in one file, and leaving (docs/decisions/0024-account-recovery-and-removal.md).
 */
export class AccountService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      auth: AuthService;
      users: UsersService;
      drafts: DraftsService;
      mailer: Mailer;
      limiter: RateLimiter;
      imageStore: ImageStore;
      changes: ChangeFeed;
      publicUrl: string;
    },
  ) {}

  /**
   * Mails a reset link when the address has an account, and a note saying there is none otherwise: the
   * same answer, and the same work, either way.
   */
  async forgotPassword(email: string, ip: string, locale: Locale = DEFAULT_LOCALE): Promise<void> {
    const { limiter, mailer, publicUrl } = this.deps;
    await limiter.consume(RATE_RULES.resetPerIp, ip);
    await limiter.consume(RATE_RULES.resetPerAddress, email);
    const user = await users.findUserByEmail(this.db, email);
    if (!user) {
      await mailer.send(
        noAccountMail(email, pageLink(publicUrl, locale, '/auth/register/emailverification'), locale),
      );
      return;
    }
    const token = newToken();
    const now = new Date();
    await account.insertPasswordReset(this.db, {
      id: newId(now),
      userId: user.id,
      tokenHash: hashToken(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + LINK_MS).toISOString(),
    });
    await mailer.send(
      passwordResetMail(
        email,
        pageLink(publicUrl, locale, `/auth/reset-password?token=${encodeURIComponent(token)}`),
        locale,
      ),
    );
  }

  /**
   * Sets a new password with a mailed link, once: every session of the account ends, and the one
   * returned is the only one left.
   */
  async resetPassword(
    body: ResetPasswordBody,
    ip: string,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<{ user: User; token: string }> {
    await this.deps.limiter.consume(RATE_RULES.accountLinksPerIp, ip);
    const tokenHash = hashToken(body.token);
    const now = new Date();
    // Checked before the password is judged, so that a dead link says so first.
    const owner = await account.findPasswordResetOwner(this.db, tokenHash, now.toISOString());
    if (!owner) throw linkInvalid();
    assertPasswordAllowed(body.password, { username: owner.username, email: owner.email ?? undefined });
    const passwordHash = await hashPassword(body.password);
    const session = await this.db.transaction().execute(async (trx) => {
      const userId = await account.takePasswordReset(trx, tokenHash, now.toISOString());
      if (userId !== owner.id) throw linkInvalid();
      await account.updatePasswordHash(trx, userId, passwordHash, now.toISOString());
      await account.deletePasswordResets(trx, userId);
      await account.deleteSessionsOf(trx, userId);
      return this.deps.auth.openSession(trx, userId, now);
    });
    // Every other session of the account has ended, here and on every instance.
    await this.deps.changes.publish([changeTags.viewer(owner.id)]);
    // Whoever knew the old password learns that it no longer works.
    await this.deps.limiter.reset(RATE_RULES.loginFailuresPerAccount, owner.id);
    // A reset link went to the address, so there is one.
    await this.deps.mailer.send(
      passwordChangedMail(
        owner.email!,
        pageLink(this.deps.publicUrl, locale, '/auth/forgot-password'),
        locale,
      ),
    );
    const user = await users.findUserById(this.db, owner.id);
    return { user: await this.deps.users.presentOne(user!, owner.id), token: session };
  }

  /**
   * Mails a confirmation link to the new address (or, when it already has an account, a note saying so:
   * the answer does not tell which). The address changes only when the link is opened.
   */
  async requestEmailChange(
    authenticated: Authenticated,
    body: ChangeEmailBody,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<void> {
    const { limiter, mailer, publicUrl } = this.deps;
    const current = authenticated.user;
    await limiter.consume(RATE_RULES.emailChangesPerAccount, current.id);
    await this.deps.auth.confirmOwner(authenticated, body.currentPassword);
    if (body.email === current.email) {
      throw validationFailed('email', 'problem.email.same');
    }
    await limiter.consume(RATE_RULES.verificationPerAddress, body.email);
    if (await users.findUserByEmail(this.db, body.email)) {
      await mailer.send(emailInUseMail(body.email, pageLink(publicUrl, locale, '/auth/login'), locale));
      return;
    }
    const token = newToken();
    const now = new Date();
    await account.insertEmailChange(this.db, {
      id: newId(now),
      userId: current.id,
      newEmail: body.email,
      tokenHash: hashToken(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + LINK_MS).toISOString(),
    });
    await mailer.send(
      emailChangeMail(
        body.email,
        pageLink(publicUrl, locale, `/auth/confirm-email?token=${encodeURIComponent(token)}`),
        locale,
      ),
    );
  }

  /** Moves the account to the address the link was mailed to, once; the old address hears of it. */
  async confirmEmailChange(
    token: string,
    ip: string,
    viewerId: string | null,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<User> {
    await this.deps.limiter.consume(RATE_RULES.accountLinksPerIp, ip);
    const now = new Date().toISOString();
    let before: UserRow | undefined;
    let change: { userId: string; newEmail: string } | undefined;
    try {
      await this.db.transaction().execute(async (trx) => {
        change = await account.takeEmailChange(trx, hashToken(token), now);
        if (!change) throw linkInvalid();
        before = await users.findUserById(trx, change.userId);
        await account.updateEmail(trx, change.userId, change.newEmail, now);
        await account.deleteEmailChanges(trx, change.userId);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new HttpError(409, 'EMAIL_TAKEN', 'problem.email.taken', { email: ['problem.email.taken'] });
      }
      throw error;
    }
    const { userId, newEmail } = change!;
    await this.deps.changes.publish([changeTags.users, changeTags.user(userId)]);
    // An account made with Telegram had no address before this one.
    if (before?.email) await this.deps.mailer.send(emailChangedMail(before.email, newEmail, locale));
    const user = await users.findUserById(this.db, userId);
    return this.deps.users.presentOne(user!, viewerId);
  }

  /**
   * Deletes the account and everything it made: its portfolios (with their likes, comments and
   * technology links), its likes and comments elsewhere (counted off their portfolios), its images and
   * sessions. Counters stay equal to their rows.
   */
  async deleteAccount(
    authenticated: Authenticated,
    currentPassword: string | undefined,
    locale: Locale = DEFAULT_LOCALE,
  ): Promise<void> {
    const current = authenticated.user;
    await this.deps.auth.confirmOwner(authenticated, currentPassword);
    const removed = await this.removeAccountRows(current.id);
    if (!removed) return;
    // Names, avatars and comments of the account showed on many pages: every cached page is dropped.
    await this.deps.changes.publish([changeTags.everything]);
    await this.deps.imageStore.remove(removed.images);
    if (current.email) {
      await this.deps.mailer.send(accountDeletedMail(current.email, current.username, locale));
    }
  }

  /**
   * The deleting transaction, started again while a write of the account's own holds a row it needs
   * (see `lockAccount`); undefined when the account is already gone.
   */
  private async removeAccountRows(userId: string): Promise<{ images: string[] } | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          if (!(await account.lockAccount(trx, userId, LOCK_WAIT_MS))) return undefined;
          await account.removeActivity(trx, userId);
          const portfolioIds = await account.findOwnPortfolioIds(trx, userId);
          for (const id of portfolioIds) {
            await replacePortfolioTechnologies(trx, id, []);
          }
          // Their posts in the site's channel are deleted there.
          await withdrawChannelPosts(trx, portfolioIds, new Date().toISOString());
          const images = await account.findOwnImageNames(trx, userId);
          await account.deleteUser(trx, userId);
          return { images };
        });
      } catch (error) {
        if (!isLockTimeout(error) || attempt === DELETE_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  }

  /** Everything held about the account, for its owner. */
  async exportData(current: UserRow, sessionId: string): Promise<AccountExport> {
    const now = new Date().toISOString();
    const [data, pinned, drafts] = await Promise.all([
      account.findAccountData(this.db, current.id, now),
      users.findPinnedIds(this.db, current.id),
      this.deps.drafts.list(current.id),
    ]);
    return {
      exportedAt: now,
      account: {
        _id: current.id,
        username: current.username,
        email: current.email,
        emailPublic: current.email_public === 1,
        telegramId: current.telegram_id,
        telegramChat:
          current.telegram_chat_id === null
            ? null
            : {
                chatId: current.telegram_chat_id,
                linkedAt: toIsoString(current.telegram_chat_linked_at ?? current.updated_at),
              },
        firstname: current.firstname,
        lastname: current.lastname,
        description: current.description,
        skills: parseStringList(current.skills),
        githubProfile: current.github_profile,
        telegramProfile: current.telegram_profile,
        image: current.image,
        isAdmin: this.deps.users.isAdmin(current),
        locale: current.locale,
        ...this.deps.users.cvOf(current),
        pinned,
        registeredDate: toIsoString(current.created_at),
        updatedAt: toIsoString(current.updated_at),
      },
      pendingEmailChanges: data.emailChanges.map((row) => ({
        email: row.new_email,
        requestedAt: toIsoString(row.created_at),
        expiresAt: toIsoString(row.expires_at),
      })),
      sessions: data.sessions.map((row) => ({
        startedAt: toIsoString(row.created_at),
        expiresAt: toIsoString(row.expires_at),
        current: row.id === sessionId,
      })),
      portfolios: data.portfolios.map((row) => ({
        _id: row.id,
        title: row.title,
        linktitle: row.linktitle,
        description: row.description,
        url: row.url,
        repoUrl: row.repo_url,
        used: parseStringList(row.technology_names),
        ...storedGallery(row.image_names, row.image_alts),
        likesCount: row.likes_count,
        commentsCount: row.comments_count,
        date: toIsoString(row.created_at),
        updatedAt: toIsoString(row.updated_at),
      })),
      drafts,
      comments: data.comments.map((row) => ({
        _id: row.id,
        portfolio: { _id: row.portfolio_id, title: row.title, linktitle: row.linktitle },
        body: row.body,
        date: toIsoString(row.created_at),
      })),
      likes: data.likes.map((row) => ({
        portfolio: { _id: row.portfolio_id, title: row.title, linktitle: row.linktitle },
        date: toIsoString(row.created_at),
      })),
      coauthorships: data.coauthorships.map((row) => ({
        portfolio: { _id: row.portfolio_id, title: row.title, linktitle: row.linktitle },
        status: row.status,
        date: toIsoString(row.created_at),
      })),
      saved: data.saved.map((row) => ({
        portfolio: { _id: row.portfolio_id, title: row.title, linktitle: row.linktitle },
        date: toIsoString(row.created_at),
      })),
      following: data.following.map(personOf),
      blocked: data.hides.filter((row) => row.kind === 'block').map(personOf),
      muted: data.hides.filter((row) => row.kind === 'mute').map(personOf),
      images: data.images.map((row) => ({
        filename: row.filename,
        portfolioId: row.portfolio_id,
        width: row.width,
        height: row.height,
        bytes: row.bytes,
        alt: row.alt,
        uploadedAt: toIsoString(row.created_at),
      })),
    };
  }

  async purgeExpired(): Promise<void> {
    await account.deleteExpiredLinks(this.db, new Date().toISOString());
  }
}

/** Someone the account follows, blocked or muted, and since when, as the export lists them. */
function personOf(row: { id: string; username: string; created_at: Date | string }) {
  return { _id: row.id, username: row.username, date: toIsoString(row.created_at) };
}
