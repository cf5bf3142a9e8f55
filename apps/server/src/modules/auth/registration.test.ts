import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMe, register, registration, uniqueName } from '../../test/accounts.js';
import { call, createTestContext, type TestContext, verificationToken } from '../../test/app.js';
import { jpegImage, multipart, pngImage, urlencoded } from '../../test/forms.js';
import { EMPTY_CV } from '../../test/profile.js';

let context: TestContext;
/** A live link that bodies refused by validation never use up. */
let liveToken: string;
beforeAll(async () => {
  context = await createTestContext();
  liveToken = await verificationToken(context, `${uniqueName('validation')}@example.uz`);
});
afterAll(() => context.close());

const USER_KEYS = [
  '_id',
  'affiliation',
  'blocked',
  'city',
  'description',
  'education',
  'email',
  'emailPublic',
  'experience',
  'firstname',
  'followedByMe',
  'followersCount',
  'followingCount',
  'githubProfile',
  'headline',
  'hidden',
  'image',
  'isAdmin',
  'lastname',
  'linkedin',
  'openToWork',
  'pinned',
  'portfolios',
  'portfoliosCount',
  'registeredDate',
  'signIn',
  'skills',
  'telegramChat',
  'telegramProfile',
  'username',
  'website',
];

/** A register call with a live link that the body's validation must refuse. */
const refused = (body: unknown, headers: Record<string, string> = {}) =>
  call(context.app, {
    method: 'POST',
    url: '/api/register',
    headers: { token: liveToken, ...headers },
    payload: body as Record<string, unknown>,
  });

const expect422 = async (body: unknown, field: string) => {
  const response = await refused(body);
  expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
  const problem = response.json();
  expect(problem.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(problem.errors).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
};

describe('POST /api/register: transports', () => {
  it('accepts JSON, signs the user in and answers 201 User without secrets', async () => {
    const body = registration({ firstname: '  Nodira ', lastname: 'Karimova' });
    const before = Date.now();
    const response = await register(context, body);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(Object.keys(user).sort()).toEqual(USER_KEYS);
    expect(user).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      username: body.username,
      firstname: 'Nodira',
      lastname: 'Karimova',
      email: body.email,
      emailPublic: false,
      image: null,
      isAdmin: false,
      description: '',
      skills: [],
      githubProfile: '',
      telegramProfile: '',
      registeredDate: expect.any(String),
      portfolios: [],
      portfoliosCount: 0,
      followersCount: 0,
      followingCount: 0,
      followedByMe: false,
      // What moderation holds about the account, shown to the person: nothing yet.
      hidden: null,
      blocked: null,
      // How the person signs in, shown to them alone: a password, no Telegram.
      signIn: { password: true, telegram: false },
      // No chat with the site's Telegram bot linked.
      telegramChat: { linked: false, linkedAt: null },
      // Nothing of their work told yet.
      ...EMPTY_CV,
    });
    const registered = new Date(user.registeredDate).getTime();
    expect(registered).toBeGreaterThanOrEqual(before - 1000);
    expect(registered).toBeLessThanOrEqual(Date.now());
    // The id is time-ordered like an ObjectId: its first 8 hex digits are the creation second.
    expect(Math.abs(parseInt(user._id.slice(0, 8), 16) - Math.floor(registered / 1000))).toBeLessThanOrEqual(
      1,
    );

    const token = response.headers['x-token'] as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(body.password);
    // That the account has a password is said (signIn.password); nothing of the password is.
    expect(response.body.replace('"signIn":{"password":true', '')).not.toMatch(/password|hash|token|argon/i);
    const me = await getMe(context, token);
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(user._id);
  });

  it('accepts application/x-www-form-urlencoded', async () => {
    const body = registration({ skills: 'react, node , React', description: 'Frontend dasturchi' });
    const token = await verificationToken(context, body.email);
    const form = urlencoded(body as Record<string, string>);
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token, ...form.headers },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      username: body.username,
      email: body.email,
      skills: ['react', 'node'],
      description: 'Frontend dasturchi',
    });
    expect(response.headers['x-token']).toBeTruthy();
  });

  it('accepts multipart/form-data with a PNG avatar, stored re-encoded as <id>.webp and served', async () => {
    const body = registration({ githubProfile: 'https://github.com/aziza', telegramProfile: '@aziza' });
    const token = await verificationToken(context, body.email);
    const form = await multipart({
      ...(body as Record<string, string>),
      image: { content: await pngImage(800, 600), filename: 'avatar.png', contentType: 'image/png' },
    });
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token, ...form.headers },
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: body.username,
      githubProfile: 'https://github.com/aziza',
      telegramProfile: '@aziza',
    });
    expect(user.image).toMatch(/^[0-9a-f]{24}\.webp$/);
    expect(fs.existsSync(path.join(context.config.uploadDir, user.image))).toBe(true);

    const served = await context.app.inject({ method: 'GET', url: `/image/${user.image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    // Avatars are shrunk to fit 512 pixels.
    expect(metadata.width).toBe(512);
    expect(metadata.height).toBe(384);

    const row = await context.app.services.db
      .selectFrom('images')
      .selectAll()
      .where('filename', '=', user.image)
      .executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(user._id);
    expect(row.portfolio_id).toBeNull();
  });

  it('accepts a JPEG avatar too', async () => {
    const body = registration();
    const token = await verificationToken(context, body.email);
    const form = await multipart({
      ...(body as Record<string, string>),
      image: { content: await jpegImage(100, 80), filename: 'me.jpg', contentType: 'image/jpeg' },
    });
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token, ...form.headers },
    });
    expect(response.statusCode).toBe(201);
    const image = response.json().image as string;
    expect(image).toMatch(/^[0-9a-f]{24}\.webp$/);
    const stored = await sharp(path.join(context.config.uploadDir, image)).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.width).toBe(100);
  });

  it('allows every optional field empty in a form (the old client sends them all)', async () => {
    const body = registration({
      description: '',
      skills: '',
      githubProfile: '',
      telegramProfile: '',
      image: '',
    });
    const token = await verificationToken(context, body.email);
    const form = await multipart(body as Record<string, string>);
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token, ...form.headers },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      description: '',
      skills: [],
      githubProfile: '',
      telegramProfile: '',
      image: null,
    });
  });

  it('allows empty and null optional fields in JSON', async () => {
    const response = await register(
      context,
      registration({ description: null, skills: [], githubProfile: '  ', telegramProfile: null }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      description: '',
      skills: [],
      githubProfile: '',
      telegramProfile: '',
    });
  });

  it('ignores a text part under "image" (the old client sends the file name back)', async () => {
    const body = registration({ image: 'default.png' });
    const token = await verificationToken(context, body.email);
    const form = await multipart(body as Record<string, string>);
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token, ...form.headers },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().image).toBeNull();
  });

  it('refuses a file that is not an image with 415 and creates no account; the token stays usable', async () => {
    const body = registration();
    const token = await verificationToken(context, body.email);
    const form = await multipart({
      ...(body as Record<string, string>),
      image: { content: Buffer.from('bu rasm emas'), filename: 'x.png', contentType: 'image/png' },
    });
    const filesBefore = fs.readdirSync(context.config.uploadDir).length;
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token, ...form.headers },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_IMAGE');
    expect(fs.readdirSync(context.config.uploadDir).length).toBe(filesBefore);
    const retry = await register(context, body, { token });
    expect(retry.statusCode).toBe(201);
  });
});

describe('POST /api/register: lists', () => {
  it('splits a skills string on commas, trims and drops case-insensitive duplicates', async () => {
    const response = await register(context, registration({ skills: 'react, node , React,, ,NODE' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().skills).toEqual(['react', 'node']);
  });

  it('takes skills as a JSON array with the same rules', async () => {
    const response = await register(context, registration({ skills: ['Go', ' go ', 'Rust', ''] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().skills).toEqual(['Go', 'Rust']);
  });
});

describe('POST /api/register: conflicts and tokens', () => {
  it('answers 409 USERNAME_TAKEN for a taken username in another case, keeping the token usable', async () => {
    const first = registration({ username: uniqueName('Taken') });
    expect((await register(context, first)).statusCode).toBe(201);

    const second = registration({
      username: first.username.toUpperCase(),
      email: `${uniqueName('second')}@example.uz`,
    });
    const token = await verificationToken(context, second.email);
    const taken = await register(context, second, { token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN', status: 409 });
    expect(taken.json().errors.username).toHaveLength(1);
    expect(taken.headers['x-token']).toBeUndefined();

    const retry = await register(context, { ...second, username: uniqueName() }, { token });
    expect(retry.statusCode).toBe(201);
  });

  it('answers 409 EMAIL_TAKEN when the address registered meanwhile with another link', async () => {
    const body = registration();
    const earlier = await verificationToken(context, body.email);
    const later = await verificationToken(context, body.email);
    expect((await register(context, body, { token: later })).statusCode).toBe(201);
    const again = await register(context, { ...body, username: uniqueName() }, { token: earlier });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
    expect(again.json().errors.email).toHaveLength(1);
  });

  it.each([
    ['no token header', undefined],
    ['an empty token', ''],
    ['a made-up token', 'a'.repeat(43)],
  ])('answers 400 EMAIL_NOT_VERIFIED with %s', async (_label, token) => {
    const body = registration();
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      headers: token === undefined ? {} : { token },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(response.headers['x-token']).toBeUndefined();
  });

  it('refuses a token issued for another address', async () => {
    const token = await verificationToken(context, `${uniqueName('other')}@example.uz`);
    const response = await register(context, registration(), { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('lets one token create one account even under concurrent requests', async () => {
    const body = registration();
    const token = await verificationToken(context, body.email);
    const responses = await Promise.all(
      [uniqueName(), uniqueName(), uniqueName()].map((username) =>
        register(context, { ...body, username }, { token }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    // The losers hear either that the link is used up (400) or, when the winner committed between their
    // checks, that the address has an account (409); never a second account.
    expect(statuses[0]).toBe(201);
    for (const status of statuses.slice(1)) expect([400, 409]).toContain(status);
    const accounts = await context.app.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .execute();
    expect(accounts).toHaveLength(1);
  });

  it('gives a username to one of two concurrent registrations and 409 to the other', async () => {
    const username = uniqueName('race');
    const bodies = [registration({ username }), registration({ username: username.toUpperCase() })].map(
      (body, index) => ({ ...body, email: `${username}-${index}@example.uz` }),
    );
    const tokens = await Promise.all(bodies.map((body) => verificationToken(context, body.email)));
    const responses = await Promise.all(
      bodies.map((body, index) => register(context, body, { token: tokens[index]! })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().code).toBe('USERNAME_TAKEN');
  });
});

describe('POST /api/register: field rules', () => {
  it.each(['me', 'ME', 'all', 'All', '0123456789abcdef01234567', '0123456789ABCDEF01234567'])(
    'refuses the reserved username %s',
    async (username) => {
      await expect422(registration({ username }), 'username');
    },
  );

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(31)],
    ['a space', 'ali vali'],
    ['an @', 'ali@vali'],
    ['a slash', 'ali/vali'],
    ['a leading dot', '.alivali'],
    ['a leading underscore', '_alivali'],
    ['Cyrillic letters', 'алишер'],
    ['a percent sign', 'ali%20'],
  ])('refuses a username with %s', async (_label, username) => {
    await expect422(registration({ username }), 'username');
  });

  it.each([
    ['firstname', ''],
    ['firstname', '   '],
    ['firstname', 'a'.repeat(51)],
    ['lastname', ''],
    ['lastname', 'b'.repeat(51)],
    ['password', 'qisqa12'],
    ['password', 'p'.repeat(129)],
    ['description', 'd'.repeat(1001)],
    ['githubProfile', `https://github.com/${'g'.repeat(201 - 'https://github.com/'.length)}`],
    ['githubProfile', 'g'.repeat(101)],
    ['githubProfile', 'javascript:alert(1)'],
    ['telegramProfile', 'ftp://t.me/aziza'],
    ['telegramProfile', 'has space'],
  ])('refuses %s = %j (one past its limit or malformed)', async (field, value) => {
    await expect422(registration({ [field]: value }), field);
  });

  it('refuses 31 skills and a skill of 41 characters', async () => {
    const many = Array.from({ length: 31 }, (_, index) => `skill${index}`);
    await expect422(registration({ skills: many }), 'skills');
    await expect422(registration({ skills: many.join(',') }), 'skills');
    await expect422(registration({ skills: ['s'.repeat(41)] }), 'skills');
  });

  it.each([
    ['username', 12345],
    ['username', ['alivali']],
    ['username', { name: 'alivali' }],
    ['username', null],
    ['firstname', 7],
    ['firstname', null],
    ['lastname', ['Karimov']],
    ['email', { address: 'a@b.uz' }],
    ['email', null],
    ['password', 123456789],
    ['password', ['long-enough-password']],
    ['password', null],
    ['description', 5],
    ['description', { text: 'salom' }],
    ['skills', 42],
    ['skills', { react: true }],
    ['skills', [['react']]],
    ['skills', [1, 2]],
    ['githubProfile', 5],
    ['telegramProfile', ['@aziza']],
  ])('answers 422, not 500, for %s of the wrong type (%j)', async (field, value) => {
    await expect422({ ...registration(), [field]: value }, field);
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'username=ali'],
    ['a number', 42],
  ])('answers 422 for a JSON body that is %s', async (_label, body) => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      headers: { token: liveToken, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 422 for a form field sent twice', async () => {
    const body = registration();
    const form = urlencoded({ ...(body as Record<string, string>), username: [body.username, 'other'] });
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/register',
      payload: form.payload,
      headers: { token: liveToken, ...form.headers },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.username).toBeDefined();
  });

  it('reports every invalid field at once', async () => {
    const response = await refused({ username: 'x', email: 'nope', password: 'short' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(
      expect.arrayContaining(['username', 'email', 'password', 'firstname', 'lastname']),
    );
  });

  it('accepts every field at its exact maximum', async () => {
    const username = uniqueName('max').padEnd(30, '9');
    const skills = Array.from({ length: 30 }, (_, index) => `${index}`.padEnd(40, 'k'));
    const githubProfile = `https://github.com/${'g'.repeat(200 - 'https://github.com/'.length)}`;
    const telegramProfile = `@${'t'.repeat(100)}`;
    const body = registration({
      username,
      email: `${username}@example.uz`,
      firstname: 'F'.repeat(50),
      lastname: 'L'.repeat(50),
      password: 'P4ssword-'.repeat(15).slice(0, 128),
      description: 'D'.repeat(1000),
      skills,
      githubProfile,
      telegramProfile,
    });
    const response = await register(context, body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      username,
      firstname: 'F'.repeat(50),
      lastname: 'L'.repeat(50),
      description: 'D'.repeat(1000),
      skills,
      githubProfile,
      telegramProfile,
    });
    const signedIn = await call(context.app, {
      method: 'POST',
      url: '/api/login',
      payload: { email: username, password: body.password },
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('accepts every field at its exact minimum', async () => {
    const username = 'mi3';
    const response = await register(
      context,
      registration({ username, firstname: 'F', lastname: 'L', password: 'tog-8ta!' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ username, firstname: 'F', lastname: 'L' });
  });

  it('keeps the spelling of a mixed-case username with dots, dashes and underscores', async () => {
    const username = `Ali.Vali-${uniqueName('x').slice(0, 10)}_Dev`;
    const response = await register(context, registration({ username }));
    expect(response.statusCode).toBe(201);
    expect(response.json().username).toBe(username);
  });
});

describe('POST /api/register: passwords', () => {
  it.each(['password', 'qwertyuiop', 'Password1', 'ILOVEYOU', 'sunshine'])(
    'refuses the well-known password %s with 422 errors.password',
    async (password) => {
      const body = registration({ password });
      const token = await verificationToken(context, body.email);
      const response = await register(context, body, { token });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('VALIDATION_FAILED');
      expect(response.json().errors.password).toHaveLength(1);
      // The token was not spent on the refused attempt.
      const retry = await register(context, { ...body, password: 'boshqa-uzun-parol-7' }, { token });
      expect(retry.statusCode).toBe(201);
    },
  );

  it('refuses a password equal to the username or to the email', async () => {
    const username = uniqueName('Samarqand');
    const byName = registration({ username, password: username.toLowerCase() });
    const response = await register(context, byName);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toHaveLength(1);

    const byEmail = registration();
    const emailResponse = await register(context, { ...byEmail, password: byEmail.email.toUpperCase() });
    expect(emailResponse.statusCode).toBe(422);
    expect(emailResponse.json().errors.password).toHaveLength(1);
  });

  it('stores an argon2id hash, never the password', async () => {
    const body = registration();
    const response = await register(context, body);
    expect(response.statusCode).toBe(201);
    const row = await context.app.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', response.json()._id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(body.password);
  });
});
