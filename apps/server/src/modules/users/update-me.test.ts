import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, getMe, login, uniqueName, updateMe, verifyToken } from '../../test/accounts.js';
import { call, createTestContext, signUp, type TestContext, type TestUser } from '../../test/app.js';
import { multipart, pngImage, urlencoded } from '../../test/forms.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

const json = (payload: Record<string, unknown>) => ({ payload });
const publicView = (idOrName: string) => call(context.app, { method: 'GET', url: `/api/user/${idOrName}` });
const uploads = () => fs.readdirSync(context.config.uploadDir).filter((name) => name.endsWith('.webp'));
const avatarPart = async (width = 64, height = 64) => ({
  content: await pngImage(width, height),
  filename: 'avatar.png',
  contentType: 'image/png',
});

describe('PUT /api/user/me/update: who may', () => {
  it.each([
    ['without a token', undefined],
    ['with a garbage token', 'garbage'],
  ])('answers 401 UNAUTHORIZED %s and changes nothing', async (_label, token) => {
    const response = await updateMe(context, token, json({ firstname: 'Hacker' }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    const changed = await context.app.services.db
      .selectFrom('users')
      .select('id')
      .where('firstname', '=', 'Hacker')
      .execute();
    expect(changed).toHaveLength(0);
  });

  it('answers 401 for a logged-out token', async () => {
    const user = await signUp(context);
    await call(context.app, { method: 'POST', url: '/api/logout', headers: { 'x-token': user.token } });
    const response = await updateMe(context, user.token, json({ firstname: 'Later' }));
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/user/me/update: profile fields', () => {
  /** One account for all the refused updates: none of them may change it. */
  let unchanged: TestUser | undefined;

  it('updates every profile field from JSON and answers the new User', async () => {
    const user = await signUp(context);
    const response = await updateMe(
      context,
      user.token,
      json({
        firstname: ' Jasur ',
        lastname: 'Toshmatov',
        description: 'Backend dasturchi, Toshkent',
        skills: 'Node, TypeScript , node',
        githubProfile: 'https://github.com/jasur',
        telegramProfile: '@jasur',
        emailPublic: true,
      }),
    );
    expect(response.statusCode).toBe(200);
    const expected = {
      _id: user.id,
      username: user.username,
      email: user.email,
      firstname: 'Jasur',
      lastname: 'Toshmatov',
      description: 'Backend dasturchi, Toshkent',
      skills: ['Node', 'TypeScript'],
      githubProfile: 'https://github.com/jasur',
      telegramProfile: '@jasur',
      emailPublic: true,
    };
    expect(response.json()).toMatchObject(expected);
    expect((await getMe(context, user.token)).json()).toMatchObject(expected);
    // A public email shows to anonymous visitors.
    expect((await publicView(user.id)).json().email).toBe(user.email);
  });

  it('changes only the fields sent', async () => {
    const user = await signUp(context, { firstname: 'Kamola', lastname: 'Yusupova' });
    await updateMe(context, user.token, json({ description: 'Dizayner', skills: ['Figma'] }));
    const response = await updateMe(context, user.token, json({ lastname: 'Rustamova' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstname: 'Kamola',
      lastname: 'Rustamova',
      description: 'Dizayner',
      skills: ['Figma'],
      username: user.username,
    });
    const empty = await updateMe(context, user.token, json({}));
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ lastname: 'Rustamova', description: 'Dizayner' });
  });

  it('takes multipart with "true"/"false" strings and clears optional fields sent empty', async () => {
    const user = await signUp(context);
    await updateMe(
      context,
      user.token,
      json({ description: 'Eski', skills: ['Go'], githubProfile: 'olduser', telegramProfile: '@old' }),
    );
    const on = await updateMe(
      context,
      user.token,
      await multipart({
        emailPublic: 'true',
        description: '',
        skills: '',
        githubProfile: '',
        telegramProfile: '',
        firstname: 'Lola',
      }),
    );
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      emailPublic: true,
      description: '',
      skills: [],
      githubProfile: '',
      telegramProfile: '',
      firstname: 'Lola',
    });
    expect((await publicView(user.username)).json().email).toBe(user.email);

    const off = await updateMe(context, user.token, await multipart({ emailPublic: 'false' }));
    expect(off.statusCode).toBe(200);
    expect(off.json().emailPublic).toBe(false);
    expect(off.json().email).toBe(user.email);
    expect((await publicView(user.username)).json().email).toBeNull();
  });

  it('takes a urlencoded body', async () => {
    const user = await signUp(context);
    const response = await updateMe(
      context,
      user.token,
      urlencoded({ emailPublic: '1', skills: 'React, Vue', firstname: 'Sardor' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      emailPublic: true,
      skills: ['React', 'Vue'],
      firstname: 'Sardor',
    });
  });

  it.each([
    ['firstname', ''],
    ['firstname', 'a'.repeat(51)],
    ['lastname', '   '],
    ['description', 'd'.repeat(1001)],
    ['skills', Array.from({ length: 31 }, (_, index) => `s${index}`)],
    ['githubProfile', 'not a link'],
    ['emailPublic', 'maybe'],
    ['emailPublic', { yes: true }],
    ['username', 'ab'],
    ['username', 'me'],
    ['username', 'ALL'],
    ['username', 'abcdefabcdefabcdefabcdef'],
    ['username', null],
    ['firstname', 42],
    ['skills', { a: 1 }],
    ['password', 'short'],
    ['password', 12345678],
    ['currentPassword', ['x']],
  ])('refuses %s = %j with 422 and changes nothing', async (field, value) => {
    unchanged ??= await signUp(context, { firstname: 'Asl' });
    const user = unchanged;
    const response = await updateMe(context, user.token, json({ firstname: 'Boshqa', [field]: value }));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(response.json().errors).some((key) => key.split('.')[0] === field)).toBe(true);
    expect((await getMe(context, user.token)).json().firstname).toBe('Asl');
  });

  it('accepts the exact maximum lengths', async () => {
    const user = await signUp(context);
    const response = await updateMe(
      context,
      user.token,
      json({
        firstname: 'F'.repeat(50),
        lastname: 'L'.repeat(50),
        description: 'D'.repeat(1000),
        skills: Array.from({ length: 30 }, (_, index) => `${index}`.padEnd(40, 's')),
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().skills).toHaveLength(30);
    expect(response.json().description).toHaveLength(1000);
  });
});

describe('PUT /api/user/me/update: username', () => {
  it('changes to a free name; the old one is gone and the new one signs in', async () => {
    const user = await signUp(context);
    const renamed = uniqueName('Yangi');
    const response = await updateMe(context, user.token, json({ username: renamed }));
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(renamed);
    expect((await publicView(user.username)).statusCode).toBe(404);
    expect((await publicView(renamed.toLowerCase())).json()._id).toBe(user.id);
    expect((await login(context, renamed, user.password)).statusCode).toBe(200);
    expect((await login(context, user.username, user.password)).statusCode).toBe(401);
  });

  it('lets a user change the case of the own name', async () => {
    const user = await signUp(context);
    const response = await updateMe(context, user.token, json({ username: user.username.toUpperCase() }));
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(user.username.toUpperCase());
  });

  it('answers 409 USERNAME_TAKEN for a name taken in another case and changes nothing', async () => {
    const holder = await signUp(context);
    const user = await signUp(context, { firstname: 'Asl' });
    const response = await updateMe(
      context,
      user.token,
      json({ username: holder.username.toUpperCase(), firstname: 'Boshqa' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(response.json().errors.username).toHaveLength(1);
    expect((await getMe(context, user.token)).json()).toMatchObject({
      username: user.username,
      firstname: 'Asl',
    });
  });
});

describe('PUT /api/user/me/update: search follows the new names', () => {
  const search = async (q: string) => {
    const response = await call(context.app, {
      method: 'GET',
      url: `/api/portfolio?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { items: { _id: string }[]; total: number };
    // Totals are reused between pages; a rename must not leave a stale one behind.
    expect(page.total).toBe(page.items.length);
    return page.items.map((item) => item._id).sort();
  };
  const createPortfolio = async (user: TestUser, title: string) => {
    const response = await call(context.app, {
      method: 'POST',
      url: '/api/portfolio/create',
      headers: { 'x-token': user.token },
      payload: { title, url: 'https://loyiha.example.uz', used: ['Rust'] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json()._id as string;
  };

  it('finds the portfolios by the new username, first and last name, and no longer by the old ones', async () => {
    const user = await signUp(context, {
      username: uniqueName('Eskitaxallus'),
      firstname: 'Eskiismi',
      lastname: 'Eskifamiliya',
    });
    const first = await createPortfolio(user, 'Birinchi ish');
    const second = await createPortfolio(user, 'Ikkinchi ish');
    const ids = [first, second].sort();
    expect(await search(user.username)).toEqual(ids);
    expect(await search('eskiismi')).toEqual(ids);

    const renamed = uniqueName('Yangitaxallus');
    const response = await updateMe(
      context,
      user.token,
      json({ username: renamed, firstname: 'Yangiismi', lastname: 'Yangifamiliya' }),
    );
    expect(response.statusCode, response.body).toBe(200);

    expect(await search(renamed)).toEqual(ids);
    expect(await search('yangiismi')).toEqual(ids);
    expect(await search('yangifamiliya')).toEqual(ids);
    expect(await search('ikkinchi yangifamiliya')).toEqual([second]);
    expect(await search(user.username)).toEqual([]);
    expect(await search('eskiismi')).toEqual([]);
    expect(await search('eskifamiliya')).toEqual([]);
  });

  it('follows a change of the last name alone', async () => {
    const user = await signUp(context, { lastname: 'Qadimiyfamiliya' });
    const id = await createPortfolio(user, 'Yolg‘iz ish');
    const response = await updateMe(context, user.token, json({ lastname: 'Zamonaviyfamiliya' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await search('zamonaviyfamiliya')).toEqual([id]);
    expect(await search('qadimiyfamiliya')).toEqual([]);
  });

  it('leaves search as it was when the rename is refused', async () => {
    const holder = await signUp(context);
    const user = await signUp(context, { firstname: 'Saqlanganism' });
    const id = await createPortfolio(user, 'O‘zgarmas ish');
    const response = await updateMe(
      context,
      user.token,
      json({ username: holder.username, firstname: 'Rad etilganism' }),
    );
    expect(response.statusCode).toBe(409);
    expect(await search('saqlanganism')).toEqual([id]);
    expect(await search('etilganism')).toEqual([]);
  });
});

describe('PUT /api/user/me/update: password', () => {
  const NEW_PASSWORD = 'yangi-parol-toshkent-2026';

  it.each([
    ['without currentPassword', {}],
    ['with an empty currentPassword', { currentPassword: '' }],
    ['with a wrong currentPassword', { currentPassword: 'wrong-password-1' }],
  ])('refuses a change %s with 422 errors.currentPassword and changes nothing', async (_label, extra) => {
    const user = await signUp(context, { firstname: 'Asl' });
    const other = (await login(context, user.email, user.password)).headers['x-token'] as string;
    const response = await updateMe(
      context,
      user.token,
      json({ password: NEW_PASSWORD, firstname: 'Boshqa', ...extra }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().errors.currentPassword).toHaveLength(1);
    expect((await login(context, user.email, user.password)).statusCode).toBe(200);
    expect((await login(context, user.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await verifyToken(context, other)).json()).toBe(true);
    expect((await getMe(context, user.token)).json().firstname).toBe('Asl');
  });

  it('changes with the right currentPassword, revoking the other sessions but not this one', async () => {
    const user = await signUp(context);
    const others = await Promise.all(
      [1, 2].map(
        async () => (await login(context, user.username, user.password)).headers['x-token'] as string,
      ),
    );
    const someoneElse = await signUp(context);

    const response = await updateMe(
      context,
      user.token,
      json({ password: NEW_PASSWORD, currentPassword: user.password }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(NEW_PASSWORD);

    expect((await login(context, user.email, user.password)).statusCode).toBe(401);
    expect((await login(context, user.email, NEW_PASSWORD)).statusCode).toBe(200);
    for (const token of others) expect((await verifyToken(context, token)).json()).toBe(false);
    expect((await getMe(context, user.token)).statusCode).toBe(200);
    expect((await verifyToken(context, someoneElse.token)).json()).toBe(true);
  });

  it('changes through multipart as the old client sends it', async () => {
    const user = await signUp(context);
    const response = await updateMe(
      context,
      user.token,
      await multipart({ password: NEW_PASSWORD, currentPassword: user.password, image: 'old.png' }),
    );
    expect(response.statusCode).toBe(200);
    expect((await login(context, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['a well-known password', 'iloveyou'],
    ['the username', 'USERNAME'],
  ])('refuses %s as the new password', async (_label, password) => {
    const user = await signUp(context, { username: uniqueName('Parolchi') });
    const value = password === 'USERNAME' ? user.username.toLowerCase() : password;
    const response = await updateMe(
      context,
      user.token,
      json({ password: value, currentPassword: user.password }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.password).toHaveLength(1);
    expect((await login(context, user.email, user.password)).statusCode).toBe(200);
  });

  it('treats an empty password field (a form left blank) as no change', async () => {
    const user = await signUp(context);
    const response = await updateMe(
      context,
      user.token,
      await multipart({ password: '', currentPassword: '', firstname: 'Bahodir' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().firstname).toBe('Bahodir');
    expect((await login(context, user.email, user.password)).statusCode).toBe(200);
  });

  it('ignores currentPassword sent alone', async () => {
    const user = await signUp(context);
    const response = await updateMe(context, user.token, json({ currentPassword: 'whatever-it-is' }));
    expect(response.statusCode).toBe(200);
    expect((await login(context, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PUT /api/user/me/update: avatar', () => {
  it('sets an avatar from a file, then replaces it, removing the old file', async () => {
    const user = await signUp(context);
    const first = await updateMe(context, user.token, await multipart({ image: await avatarPart(600, 300) }));
    expect(first.statusCode).toBe(200);
    const oldImage = first.json().image as string;
    expect(oldImage).toMatch(/^[0-9a-f]{24}\.webp$/);
    const oldFile = path.join(context.config.uploadDir, oldImage);
    expect(fs.existsSync(oldFile)).toBe(true);
    expect((await sharp(oldFile).metadata()).width).toBe(512);
    // A variant made on request must go with the original.
    expect((await context.app.inject({ method: 'GET', url: `/image/${oldImage}?w=64` })).statusCode).toBe(
      200,
    );

    const second = await updateMe(
      context,
      user.token,
      await multipart({ image: await avatarPart(), firstname: 'Rasmli' }),
    );
    expect(second.statusCode).toBe(200);
    const newImage = second.json().image as string;
    expect(newImage).toMatch(/^[0-9a-f]{24}\.webp$/);
    expect(newImage).not.toBe(oldImage);
    expect(second.json().firstname).toBe('Rasmli');

    expect(fs.existsSync(oldFile)).toBe(false);
    const stem = oldImage.slice(0, 24);
    expect(uploads().some((name) => name.startsWith(stem))).toBe(false);
    expect(
      fs.readdirSync(path.join(context.config.uploadDir, 'variants')).some((name) => name.startsWith(stem)),
    ).toBe(false);
    expect((await context.app.inject({ method: 'GET', url: `/image/${oldImage}` })).statusCode).toBe(404);
    expect((await context.app.inject({ method: 'GET', url: `/image/${newImage}` })).statusCode).toBe(200);

    const rows = await context.app.services.db
      .selectFrom('images')
      .select('filename')
      .where('owner_id', '=', user.id)
      .execute();
    expect(rows.map((row) => row.filename)).toEqual([newImage]);
  });

  it('ignores "image" sent as a text part (the old client sends the current name back)', async () => {
    const user = await signUp(context);
    const image = (await updateMe(context, user.token, await multipart({ image: await avatarPart() }))).json()
      .image as string;
    const response = await updateMe(
      context,
      user.token,
      await multipart({ image: 'old.png', lastname: 'Matnli' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ image, lastname: 'Matnli' });
    expect(fs.existsSync(path.join(context.config.uploadDir, image))).toBe(true);

    const byJson = await updateMe(context, user.token, json({ image: 'evil/../../x.webp' }));
    expect(byJson.statusCode).toBe(200);
    expect(byJson.json().image).toBe(image);
  });

  it('refuses a text file named x.png with 415 UNSUPPORTED_IMAGE and leaves the profile as it was', async () => {
    const user = await signUp(context, { firstname: 'Asl' });
    const image = (await updateMe(context, user.token, await multipart({ image: await avatarPart() }))).json()
      .image as string;
    const before = uploads().sort();
    for (const contentType of ['image/png', 'text/plain']) {
      const response = await updateMe(
        context,
        user.token,
        await multipart({
          firstname: 'Boshqa',
          image: { content: Buffer.from('salom, men rasm emasman'), filename: 'x.png', contentType },
        }),
      );
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('UNSUPPORTED_IMAGE');
    }
    expect((await getMe(context, user.token)).json()).toMatchObject({ firstname: 'Asl', image });
    expect(uploads().sort()).toEqual(before);
  });
});
