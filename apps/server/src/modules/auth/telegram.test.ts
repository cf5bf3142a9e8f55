import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { getMe, login, uniqueName } from '../../test/accounts.js';
import { call, createTestContext, signUp, type TestContext } from '../../test/app.js';
import { checkTelegramLogin, signTelegramPayload } from './telegram-login.js';
import { usernameCandidates } from './telegram.service.js';

/** A test bot: the server checks payloads against this token exactly as it would against a real one. */
const BOT_TOKEN = '7012345678:AAFtestTokenForPortfolioMaster_0123';
const OTHER_TOKEN = '7012345678:AAFsomeoneElsesTokenNotOurs_987654';
const TELEGRAM_ENV = { TELEGRAM_BOT_NAME: 'PortfolioMasterBot', TELEGRAM_BOT_TOKEN: BOT_TOKEN };

let nextTelegramId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
const newTelegramId = () => String((nextTelegramId += 1));
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What the Login Widget hands the page for a Telegram user, signed by `token`. */
function payload(
  fields: { id: string; username?: string; first_name?: string; last_name?: string; auth_date?: number },
  token = BOT_TOKEN,
) {
  return signTelegramPayload(
    {
      id: Number(fields.id),
      first_name: fields.first_name ?? 'Jasur',
      ...(fields.last_name !== undefined ? { last_name: fields.last_name } : {}),
      ...(fields.username !== undefined ? { username: fields.username } : {}),
      photo_url: 'https://t.me/i/userpic/320/photo.jpg',
      auth_date: fields.auth_date ?? nowSeconds(),
    },
    token,
  );
}

describe('checkTelegramLogin, as Telegram documents it', () => {
  const now = new Date();
  const fields = { id: 42_424_242, first_name: 'Malika', username: 'malika_codes', auth_date: nowSeconds() };

  it('takes a payload signed with the bot token, and names it for once-only use', () => {
    const checked = checkTelegramLogin(signTelegramPayload(fields, BOT_TOKEN), BOT_TOKEN, now);
    expect(checked).toMatchObject({
      ok: true,
      identity: { id: '42424242', username: 'malika_codes', firstName: 'Malika', lastName: '' },
    });
    if (!checked.ok) return;
    expect(checked.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    expect(checked.expiresAt.getTime()).toBe((fields.auth_date + 86_400) * 1000);
  });

  it('takes the fields as strings too (a form post), in any order', () => {
    const signed = signTelegramPayload(fields, BOT_TOKEN);
    const asStrings = Object.fromEntries(
      Object.entries(signed)
        .reverse()
        .map(([key, value]) => [key, String(value)]),
    );
    expect(checkTelegramLogin(asStrings, BOT_TOKEN, now).ok).toBe(true);
  });

  it.each([
    ['signed with another bot’s token', () => signTelegramPayload(fields, OTHER_TOKEN)],
    ['with a changed field', () => ({ ...signTelegramPayload(fields, BOT_TOKEN), first_name: 'Malik' })],
    ['with a changed id', () => ({ ...signTelegramPayload(fields, BOT_TOKEN), id: 42_424_243 })],
    ['with a field added', () => ({ ...signTelegramPayload(fields, BOT_TOKEN), is_admin: 1 })],
    [
      'with a field taken away',
      () => {
        const { username: _username, ...rest } = signTelegramPayload(fields, BOT_TOKEN);
        return rest;
      },
    ],
    ['with no hash', () => ({ ...fields })],
    ['with a hash that is not hex', () => ({ ...fields, hash: 'z'.repeat(64) })],
    [
      'with a hash in capitals',
      () => {
        const signed = signTelegramPayload(fields, BOT_TOKEN);
        return { ...signed, hash: String(signed.hash).toUpperCase() };
      },
    ],
    [
      'dated far in the future',
      () => signTelegramPayload({ ...fields, auth_date: nowSeconds() + 3600 }, BOT_TOKEN),
    ],
    ['without a numeric id', () => signTelegramPayload({ ...fields, id: 'abc' }, BOT_TOKEN)],
  ])('refuses a payload %s as forged', (_label, make) => {
    expect(checkTelegramLogin(make(), BOT_TOKEN, now)).toEqual({ ok: false, reason: 'forged' });
  });

  it('refuses a payload older than a day as stale, and takes one just under a day old', () => {
    const old = signTelegramPayload({ ...fields, auth_date: nowSeconds() - 86_401 }, BOT_TOKEN);
    expect(checkTelegramLogin(old, BOT_TOKEN, now)).toEqual({ ok: false, reason: 'stale' });
    const recent = signTelegramPayload({ ...fields, auth_date: nowSeconds() - 86_000 }, BOT_TOKEN);
    expect(checkTelegramLogin(recent, BOT_TOKEN, now).ok).toBe(true);
  });
});

describe('usernameCandidates', () => {
  it('tries the Telegram username, then numbered, then tg<id>', () => {
    const names = [...usernameCandidates({ id: '77', username: 'Aziz_dev', firstName: 'A', lastName: '' })];
    expect(names.slice(0, 3)).toEqual(['Aziz_dev', 'Aziz_dev_2', 'Aziz_dev_3']);
    expect(names).toContain('Aziz_dev_20');
    expect(names[20]).toBe('tg77');
    expect(new Set(names).size).toBe(names.length);
  });

  it('cuts long names to fit, and starts at tg<id> for no username or a reserved one', () => {
    const long = 'a'.repeat(32);
    const names = [...usernameCandidates({ id: '5', username: long, firstName: '', lastName: '' })];
    expect(names.every((name) => name.length <= 30)).toBe(true);
    expect(names[1]).toBe(`${'a'.repeat(28)}_2`);
    for (const username of [null, 'me', 'ALL', 'abcdefabcdefabcdefabcdef']) {
      expect([...usernameCandidates({ id: '5', username, firstName: '', lastName: '' })][0]).toBe('tg5');
    }
  });
});

describe('configuration', () => {
  it('needs both the bot name and its token, and takes the bot id from the token', () => {
    expect(() => loadConfig({ TELEGRAM_BOT_NAME: 'PortfolioMasterBot' })).toThrow(/TELEGRAM_BOT_TOKEN/);
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: BOT_TOKEN })).toThrow(/TELEGRAM_BOT_NAME/);
    expect(() => loadConfig({ ...TELEGRAM_ENV, TELEGRAM_BOT_TOKEN: 'not-a-token' })).toThrow(
      /TELEGRAM_BOT_TOKEN/,
    );
    expect(loadConfig(TELEGRAM_ENV).telegram).toEqual({
      botName: 'PortfolioMasterBot',
      botToken: BOT_TOKEN,
      botId: '7012345678',
    });
    expect(loadConfig({}).telegram).toBeUndefined();
  });
});

describe('without a bot configured', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext();
  });
  afterAll(() => context.close());

  it('answers 404 with an Uzbek message and lets no widget JavaScript into pages', async () => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/auth/telegram',
      payload: payload({ id: newTelegramId() }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', detail: expect.stringContaining('Telegram') });
    const page = await call(context.app, {
      method: 'GET',
      url: '/auth/login',
      headers: { accept: 'text/html' },
    });
    expect(String(page.headers['content-security-policy'])).not.toContain('telegram.org');
  });
});

describe('signing in with Telegram', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestContext(TELEGRAM_ENV);
  });
  afterAll(() => context.close());

  const signIn = (body: Record<string, unknown>) =>
    call(context.app, { method: 'POST', url: '/api/auth/telegram', payload: body });
  const countUsers = async () =>
    Number(
      (
        await context.app.services.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const sessionCount = async () =>
    Number(
      (
        await context.app.services.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('makes an account for a new Telegram id: its username, its name, its Telegram link, no email or password', async () => {
    const id = newTelegramId();
    const username = uniqueName('tg').replace(/-/g, '_');
    const response = await signIn(payload({ id, username, first_name: 'Dilnoza', last_name: 'Rahimova' }));
    expect(response.statusCode).toBe(201);
    const token = response.headers['x-token'] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(response.json()).toMatchObject({
      username,
      firstname: 'Dilnoza',
      lastname: 'Rahimova',
      email: null,
      telegramProfile: `https://t.me/${username}`,
      signIn: { password: false, telegram: true },
    });
    expect(response.body).not.toContain(BOT_TOKEN);
    expect(response.body).not.toContain(id);

    const me = await getMe(context, token);
    expect(me.json()).toMatchObject({ _id: response.json()._id, email: null });
    // Others see the profile without the sign-in ways.
    const seen = await call(context.app, { method: 'GET', url: `/api/user/${username}` });
    expect(seen.json().signIn).toBeUndefined();
  });

  it('signs the same Telegram id in to the same account again, with a new session', async () => {
    const id = newTelegramId();
    const first = await signIn(payload({ id, username: uniqueName('tg').replace(/-/g, '_') }));
    expect(first.statusCode).toBe(201);
    const second = await signIn(payload({ id, auth_date: nowSeconds() - 5 }));
    expect(second.statusCode).toBe(200);
    expect(second.json()._id).toBe(first.json()._id);
    expect(second.headers['x-token']).not.toBe(first.headers['x-token']);
  });

  it('takes a payload once: the same one again is refused with 401 and opens no session', async () => {
    const body = payload({ id: newTelegramId() });
    expect((await signIn(body)).statusCode).toBe(201);
    const sessions = await sessionCount();
    const again = await signIn(body);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({
      code: 'TELEGRAM_REPLAYED',
      detail: expect.stringMatching(/ishlatilgan/),
    });
    expect(again.headers['x-token']).toBeUndefined();
    expect(await sessionCount()).toBe(sessions);
  });

  it.each([
    ['forged (another bot’s token)', () => payload({ id: newTelegramId() }, OTHER_TOKEN), 'TELEGRAM_INVALID'],
    [
      'with a changed field',
      () => ({ ...payload({ id: newTelegramId() }), first_name: 'Boshqa' }),
      'TELEGRAM_INVALID',
    ],
    [
      'stale (two days old)',
      () => payload({ id: newTelegramId(), auth_date: nowSeconds() - 2 * 86_400 }),
      'TELEGRAM_EXPIRED',
    ],
  ])('refuses a payload %s with 401 and makes no account', async (_label, make, code) => {
    const users = await countUsers();
    const response = await signIn(make());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code, status: 401 });
    expect(response.json().detail).toMatch(/Telegram/);
    expect(await countUsers()).toBe(users);
  });

  it('answers 422 for a body that is not a widget payload', async () => {
    for (const body of [
      {},
      { id: 1, hash: 'x' },
      { id: 1, auth_date: 1, hash: 'a'.repeat(64), 'Bad-Key': 1 },
    ]) {
      const response = await signIn(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('numbers a taken username and falls back to tg<id> without one', async () => {
    const taken = await signUp(context, { username: uniqueName('aziz').replace(/-/g, '_') });
    const id = newTelegramId();
    const clash = await signIn(payload({ id, username: taken.username.toUpperCase() }));
    expect(clash.statusCode).toBe(201);
    expect(clash.json().username).toBe(`${taken.username.toUpperCase()}_2`);

    const anonymousId = newTelegramId();
    const none = await signIn(payload({ id: anonymousId, first_name: 'Sardor' }));
    expect(none.json()).toMatchObject({
      username: `tg${anonymousId}`,
      firstname: 'Sardor',
      telegramProfile: '',
    });
  });

  it('makes one account when the same new Telegram id signs in twice at once', async () => {
    const id = newTelegramId();
    const username = uniqueName('twin').replace(/-/g, '_');
    const responses = await Promise.all([
      signIn(payload({ id, username })),
      signIn(payload({ id, username, auth_date: nowSeconds() - 1 })),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(responses[0]!.json()._id).toBe(responses[1]!.json()._id);
    const rows = await context.app.services.db
      .selectFrom('users')
      .select('id')
      .where('telegram_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('never lets a password sign in to an account that has none', async () => {
    const response = await signIn(
      payload({ id: newTelegramId(), username: uniqueName('np').replace(/-/g, '_') }),
    );
    const guess = await login(context, response.json().username, 'any-password-at-all');
    expect(guess.statusCode).toBe(401);
    expect(guess.json().code).toBe('INVALID_CREDENTIALS');
  });

  describe('linking and unlinking', () => {
    const link = (token: string, body: Record<string, unknown>) =>
      call(context.app, {
        method: 'POST',
        url: '/api/user/me/telegram',
        headers: { 'x-token': token },
        payload: body,
      });
    const unlink = (token: string) =>
      call(context.app, { method: 'DELETE', url: '/api/user/me/telegram', headers: { 'x-token': token } });

    it('links Telegram to an account with its password, fills the Telegram link, and signs in by it', async () => {
      const user = await signUp(context);
      const id = newTelegramId();
      const telegramName = uniqueName('linked').replace(/-/g, '_');
      const linked = await link(user.token, {
        telegram: payload({ id, username: telegramName }),
        currentPassword: user.password,
      });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({
        _id: user.id,
        telegramProfile: `https://t.me/${telegramName}`,
        signIn: { password: true, telegram: true },
      });
      const byTelegram = await signIn(payload({ id, auth_date: nowSeconds() - 3 }));
      expect(byTelegram.statusCode).toBe(200);
      expect(byTelegram.json()._id).toBe(user.id);
    });

    it('asks for the password to link, and a right one', async () => {
      const user = await signUp(context);
      const missing = await link(user.token, { telegram: payload({ id: newTelegramId() }) });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.currentPassword).toBeDefined();
      const wrong = await link(user.token, {
        telegram: payload({ id: newTelegramId() }),
        currentPassword: 'not-the-password',
      });
      expect(wrong.statusCode).toBe(422);
      expect((await getMe(context, user.token)).json().signIn.telegram).toBe(false);
      expect((await link('no-such-token', { telegram: payload({ id: newTelegramId() }) })).statusCode).toBe(
        401,
      );
    });

    it('never links one Telegram id to a second account', async () => {
      const id = newTelegramId();
      const holder = await signIn(payload({ id }));
      expect(holder.statusCode).toBe(201);
      const other = await signUp(context);
      const response = await link(other.token, {
        telegram: payload({ id, auth_date: nowSeconds() - 2 }),
        currentPassword: other.password,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'TELEGRAM_TAKEN' });
      const rows = await context.app.services.db
        .selectFrom('users')
        .select('id')
        .where('telegram_id', '=', id)
        .execute();
      expect(rows.map((row) => row.id)).toEqual([holder.json()._id]);
    });

    it('refuses a forged payload when linking', async () => {
      const user = await signUp(context);
      const response = await link(user.token, {
        telegram: payload({ id: newTelegramId() }, OTHER_TOKEN),
        currentPassword: user.password,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('TELEGRAM_INVALID');
    });

    it('unlinks Telegram from an account with a password; then that id makes an account of its own', async () => {
      const user = await signUp(context);
      const id = newTelegramId();
      await link(user.token, { telegram: payload({ id }), currentPassword: user.password });
      const response = await unlink(user.token);
      expect(response.statusCode).toBe(200);
      expect(response.json().signIn).toEqual({ password: true, telegram: false });
      const again = await signIn(payload({ id, auth_date: nowSeconds() - 4 }));
      expect(again.statusCode).toBe(201);
      expect(again.json()._id).not.toBe(user.id);
    });

    it('refuses to unlink the only way into an account', async () => {
      const made = await signIn(payload({ id: newTelegramId() }));
      const response = await unlink(made.headers['x-token'] as string);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/parol o‘rnating/);
      expect((await getMe(context, made.headers['x-token'] as string)).json().signIn.telegram).toBe(true);
    });
  });

  describe('an account without a password confirms sensitive changes by a fresh Telegram sign-in', () => {
    const age = (token: string, minutes: number) =>
      context.app.services.db
        .updateTable('sessions')
        .set({ created_at: new Date(Date.now() - minutes * 60_000).toISOString() })
        .where(
          'user_id',
          '=',
          context.app.services.db.selectFrom('sessions').select('user_id').where('token_hash', '=', token),
        )
        .execute();

    async function telegramAccount() {
      const id = newTelegramId();
      const response = await signIn(payload({ id, username: uniqueName('fresh').replace(/-/g, '_') }));
      return {
        id,
        token: response.headers['x-token'] as string,
        user: response.json() as { _id: string; username: string },
      };
    }

    it('sets a first password while the sign-in is fresh, and the password then signs in', async () => {
      const account = await telegramAccount();
      const response = await call(context.app, {
        method: 'PUT',
        url: '/api/user/me/update',
        headers: { 'x-token': account.token },
        payload: { password: 'qizil-anor-bog‘i-2026' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().signIn).toEqual({ password: true, telegram: true });
      expect((await login(context, account.user.username, 'qizil-anor-bog‘i-2026')).statusCode).toBe(200);
    });

    it('asks for a new Telegram sign-in once the session is older than ten minutes', async () => {
      const account = await telegramAccount();
      const { hashToken } = await import('../../lib/tokens.js');
      await age(hashToken(account.token), 11);
      const update = await call(context.app, {
        method: 'PUT',
        url: '/api/user/me/update',
        headers: { 'x-token': account.token },
        payload: { password: 'qizil-anor-bog‘i-2026' },
      });
      expect(update.statusCode).toBe(403);
      expect(update.json()).toMatchObject({
        code: 'CONFIRMATION_REQUIRED',
        detail: expect.stringMatching(/Telegram/),
      });
      const remove = await call(context.app, {
        method: 'DELETE',
        url: '/api/user/me',
        headers: { 'x-token': account.token },
        payload: {},
      });
      expect(remove.statusCode).toBe(403);
      const email = await call(context.app, {
        method: 'POST',
        url: '/api/user/me/email',
        headers: { 'x-token': account.token },
        payload: { email: `${uniqueName('new')}@example.uz` },
      });
      expect(email.statusCode).toBe(403);

      // Signing in with Telegram again is the confirmation.
      const again = await signIn(payload({ id: account.id, auth_date: nowSeconds() - 1 }));
      const fresh = again.headers['x-token'] as string;
      const removed = await call(context.app, {
        method: 'DELETE',
        url: '/api/user/me',
        headers: { 'x-token': fresh },
        payload: {},
      });
      expect(removed.statusCode).toBe(204);
      const rows = await context.app.services.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', account.user._id)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('adds an email through the mailed link, with no mail to a former address', async () => {
      const account = await telegramAccount();
      const address = `${uniqueName('added')}@example.uz`;
      const before = context.smtp.messages.length;
      const asked = await call(context.app, {
        method: 'POST',
        url: '/api/user/me/email',
        headers: { 'x-token': account.token },
        payload: { email: address },
      });
      expect(asked.statusCode).toBe(200);
      const mail = await context.smtp.waitForMail(address, () => context.smtp.messages.length > before);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
      expect(token).toBeTruthy();
      const confirmed = await call(context.app, {
        method: 'POST',
        url: '/api/email/confirm',
        payload: { token },
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await getMe(context, account.token)).json().email).toBe(address);
    });
  });
});
