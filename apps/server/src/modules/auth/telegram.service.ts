import { LIMITS, type TelegramPayload, usernameSchema } from '@portfolio-master/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, UserRow } from '../../db/schema.js';
import { changeTags, type ChangeFeed } from '../../lib/changes.js';
import { isUniqueViolation, violatedConstraint } from '../../lib/database-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import * as users from '../../data/users.repository.js';
import { type Authenticated, insertTelegramLogin } from '../../data/auth.repository.js';
import type { AuthService } from './auth.service.js';
import { checkTelegramLogin, type TelegramIdentity } from './telegram-login.js';

const switchedOff = () => notFound('problem.telegram.off');

const refused = {
  forged: () => new HttpError(401, 'TELEGRAM_INVALID', 'problem.telegram.forged'),
  stale: () => new HttpError(401, 'TELEGRAM_EXPIRED', 'problem.telegram.stale'),
  replayed: () => new HttpError(401, 'TELEGRAM_REPLAYED', 'problem.telegram.replayed'),
};

const takenByAnother = () => new HttpError(409, 'TELEGRAM_TAKEN', 'problem.telegram.taken');

/** How many times a sign-in that lost a race (the same new Telegram id, the same username) starts again. */
const ATTEMPTS = 5;

/**
 * Signing in with Telegram (docs/decisions/0034-sign-in-with-telegram.md): a checked Login Widget payload,
 * used once, signs in the account that holds its Telegram id, or makes one; a signed-in person links or
 * unlinks their Telegram account.
 */
export class TelegramService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly deps: {
      telegram: Config['telegram'];
      auth: AuthService;
      limiter: RateLimiter;
      changes: ChangeFeed;
    },
  ) {}

  /** The bot the Login Widget names, when signing in with Telegram is on. */
  get botName(): string | undefined {
    return this.deps.telegram?.botName;
  }

  /**
   * Signs in the account holding the payload's Telegram id, or makes one for it (no email, no password
   * until its owner adds them); `created` says which.
   */
  async signIn(
    payload: TelegramPayload,
    ip: string,
  ): Promise<{ user: UserRow; token: string; created: boolean }> {
    await this.deps.limiter.consume(RATE_RULES.loginPerIp, ip);
    const checked = this.check(payload);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await this.db.transaction().execute(async (trx) => {
          await takeOnce(trx, checked);
          const now = new Date();
          const holder = await users.findUserByTelegramId(trx, checked.identity.id);
          const user = holder ?? (await createAccount(trx, checked.identity, now));
          return { user, token: await this.deps.auth.openSession(trx, user.id, now), created: !holder };
        });
        if (result.created) await this.deps.changes.publish([changeTags.users]);
        return result;
      } catch (error) {
        if (isReplay(error)) throw refused.replayed();
        // Another request made the account (or took the username) first: look again.
        if (!isUniqueViolation(error) || attempt === ATTEMPTS) throw error;
      }
    }
  }

  /**
   * Links a Telegram account to the signed-in one (its password confirms it, as for any sensitive
   * change); the profile's Telegram link is filled when it was empty.
   */
  async link(
    authenticated: Authenticated,
    payload: TelegramPayload,
    currentPassword: string | undefined,
  ): Promise<UserRow> {
    const checked = this.check(payload);
    await this.deps.auth.confirmOwner(authenticated, currentPassword);
    const { user } = authenticated;
    if (user.telegram_id !== null && user.telegram_id !== checked.identity.id) {
      throw new HttpError(409, 'CONFLICT', 'problem.telegram.otherLinked');
    }
    try {
      await this.db.transaction().execute(async (trx) => {
        await takeOnce(trx, checked);
        await users.updateUser(trx, user.id, {
          telegram_id: checked.identity.id,
          ...(user.telegram_profile === '' && checked.identity.username
            ? { telegram_profile: telegramLink(checked.identity.username) }
            : {}),
          updated_at: new Date().toISOString(),
        });
      });
    } catch (error) {
      if (isReplay(error)) throw refused.replayed();
      throw isUniqueViolation(error) ? takenByAnother() : error;
    }
    await this.deps.changes.publish([changeTags.users, changeTags.user(user.id)]);
    return (await users.findUserById(this.db, user.id))!;
  }

  /** Unlinks Telegram; refused while it is the account's only way in (no password yet). */
  async unlink(authenticated: Authenticated): Promise<UserRow> {
    const { user } = authenticated;
    if (user.password_hash === null) {
      throw new HttpError(409, 'CONFLICT', 'problem.telegram.onlyWay');
    }
    await users.updateUser(this.db, user.id, { telegram_id: null, updated_at: new Date().toISOString() });
    await this.deps.changes.publish([changeTags.users, changeTags.user(user.id)]);
    return (await users.findUserById(this.db, user.id))!;
  }

  private check(payload: TelegramPayload) {
    const { telegram } = this.deps;
    if (!telegram) throw switchedOff();
    const checked = checkTelegramLogin(payload, telegram.botToken, new Date());
    if (!checked.ok) throw refused[checked.reason]();
    return checked;
  }
}

type Checked = Extract<ReturnType<typeof checkTelegramLogin>, { ok: true }>;

/** The payload's own row is the first write of its transaction: its clash is a replay, not a race. */
function isReplay(error: unknown): boolean {
  return isUniqueViolation(error) && violatedConstraint(error).includes('telegram_logins');
}

function takeOnce(trx: Transaction<Database>, checked: Checked) {
  return insertTelegramLogin(trx, { hash: checked.payloadHash, expiresAt: checked.expiresAt.toISOString() });
}

export function telegramLink(username: string): string {
  return `https://t.me/${username}`;
}

/** The account a new Telegram id gets, under the first free name of `usernameCandidates`. */
async function createAccount(
  trx: Transaction<Database>,
  identity: TelegramIdentity,
  now: Date,
): Promise<UserRow> {
  let username: string | undefined;
  for (const candidate of usernameCandidates(identity)) {
    if (!(await users.findUserByUsername(trx, candidate))) {
      username = candidate;
      break;
    }
  }
  if (!username) throw new HttpError(409, 'USERNAME_TAKEN', 'problem.telegram.noUsername');
  const id = newId(now);
  const names = nameOf(identity);
  await users.insertUser(trx, {
    id,
    username,
    email: null,
    email_public: 0,
    password_hash: null,
    firstname: names.firstname,
    lastname: names.lastname,
    image: null,
    is_admin: 0,
    description: '',
    skills: '[]',
    github_profile: '',
    telegram_profile: identity.username ? telegramLink(identity.username) : '',
    telegram_id: identity.id,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  return (await users.findUserById(trx, id))!;
}

const USERNAME_MAX = LIMITS.username.max;

/**
 * The names a new account tries, in order: the Telegram username as it is; then with `_2`, `_3`, … `_20`
 * (cut so that it fits); then `tg<id>` and `tg<id>_2`, … . A Telegram username that our rules do not
 * take (none, or a reserved one) starts at `tg<id>`.
 */
export function* usernameCandidates(identity: TelegramIdentity): Generator<string> {
  const own = identity.username;
  // Taken as a sign-up's username would be (cut to fit first: Telegram allows 32 characters).
  const numbered = function* (base: string) {
    yield base.slice(0, USERNAME_MAX);
    for (let n = 2; n <= 20; n += 1) yield `${base.slice(0, USERNAME_MAX - `_${n}`.length)}_${n}`;
  };
  if (own !== null && usernameSchema.safeParse(own.slice(0, USERNAME_MAX)).success) yield* numbered(own);
  yield* numbered(`tg${identity.id}`);
}

function nameOf(identity: TelegramIdentity): { firstname: string; lastname: string } {
  const cut = (text: string) => [...text].slice(0, LIMITS.name.max).join('');
  return {
    firstname: cut(identity.firstName || identity.username || 'Telegram'),
    lastname: cut(identity.lastName),
  };
}
