import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext, verificationToken } from './test/app.js';
import { multipart, pngImage } from './test/forms.js';

/*
 * The original site's web client, call by call as it makes them: FormData for register, login, create and
 * profile update, `Accept: *\/*`, the token in `x-token`, and the shapes it reads (`likes` as an id array
 * whose length it shows and which it searches for its own id, comment lists it replaces with each answer,
 * deleting a comment by its position). Everything runs with the read caches on, as in production.
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: 'boss@example.uz' });
});
afterAll(() => context.close());

const OLD_CLIENT = { accept: '*/*' };

async function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: {
    token?: string;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    json?: object;
  } = {},
): Promise<LightMyRequestResponse> {
  const form = options.form ? await multipart(options.form) : undefined;
  return context.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...OLD_CLIENT,
      ...(options.token ? { 'x-token': options.token } : {}),
      ...options.headers,
      ...form?.headers,
    },
    ...(form ? { payload: form.payload } : options.json ? { payload: options.json } : {}),
  });
}

async function registerWithForm(username: string, email: string): Promise<{ id: string; token: string }> {
  // 1. The emailed link's token.
  const token = await verificationToken(context, email);
  // 2. Register with FormData.
  const registered = await send('POST', '/register', {
    headers: { token },
    form: { username, email, password: 'qizil-olma-daraxti-7', firstname: 'Eski', lastname: 'Mijoz' },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  return { id: registered.json()._id, token: registered.headers['x-token'] as string };
}

it('walks the original client’s journey: register, sign in, post, like, comment, delete by position, admin', async () => {
  const owner = await registerWithForm('eskimijoz', 'eskimijoz@example.uz');
  const fan = await registerWithForm('muxlis', 'muxlis@example.uz');
  const boss = await registerWithForm('boshliq', 'boss@example.uz');

  // 3. Sign in with FormData, by username; 4. the token is checked; 5. the own profile.
  const login = await send('POST', '/login', {
    form: { email: 'eskimijoz', password: 'qizil-olma-daraxti-7' },
  });
  expect(login.statusCode).toBe(200);
  const token = login.headers['x-token'] as string;
  expect((await send('POST', '/verify-token', { token })).json()).toBe(true);
  const me = await send('GET', '/user/me', { token });
  expect(me.json()).toMatchObject({ username: 'eskimijoz', email: 'eskimijoz@example.uz' });

  // 6. A portfolio from FormData, technologies as one string, one image.
  const created = await send('POST', '/portfolio/create', {
    token,
    form: {
      title: 'Eski mijoz loyihasi',
      url: 'https://eski.example.uz',
      description: '# Sarlavha\n\nTavsif',
      used: 'React, Node',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const portfolio = created.json();
  expect(portfolio).toMatchObject({ used: ['React', 'Node.js'], likes: [], comments: [] });
  const gallery = await multipart({
    images: { content: await pngImage(), filename: 'a.png', contentType: 'image/png' },
  });
  const withImage = await context.app.inject({
    method: 'PUT',
    url: `/api/portfolio/update/${portfolio._id}`,
    headers: { ...OLD_CLIENT, 'x-token': token, ...gallery.headers },
    payload: gallery.payload,
  });
  expect(withImage.statusCode, withImage.body).toBe(200);
  expect(withImage.json().images).toHaveLength(1);

  // 7. The list the old client shows, anonymous (cached) and signed in.
  const all = await send('GET', '/portfolio/all');
  expect(all.json()[0]).toMatchObject({ _id: portfolio._id, likes: [] });

  // 8. A like, its count, and the old client's own-like check on the detail it reloads.
  expect((await send('PUT', `/portfolio/like/${portfolio._id}`, { token: fan.token })).json()).toEqual({
    count: 1,
    isLiked: true,
  });
  const liked = (await send('GET', `/portfolio/all`, { token: fan.token })).json()[0];
  expect(liked.likes).toEqual([fan.id]);
  expect(liked.likes.includes(fan.id)).toBe(true);
  expect((await send('GET', '/portfolio/all')).json()[0].likes.length).toBe(1);
  // 9. Unlike.
  expect((await send('PUT', `/portfolio/like/${portfolio._id}`, { token: fan.token })).json()).toEqual({
    count: 0,
    isLiked: false,
  });
  expect((await send('GET', '/portfolio/all')).json()[0].likes).toEqual([]);

  // 10-11. Comments: each answer is the whole list, newest first, which the old client shows as it is.
  const first = await send('PUT', `/portfolio/comment/${portfolio._id}`, {
    token: fan.token,
    json: { body: 'Birinchi' },
  });
  expect(first.statusCode).toBe(201);
  expect(first.json().map((c: { body: string }) => c.body)).toEqual(['Birinchi']);
  const second = await send('PUT', `/portfolio/comment/${portfolio._id}`, {
    token,
    json: { body: 'Ikkinchi' },
  });
  expect(second.json().map((c: { body: string }) => c.body)).toEqual(['Ikkinchi', 'Birinchi']);

  // 12. Deleting someone else's comment by position is refused, as plain Uzbek text.
  const refused = await send('DELETE', `/portfolio/comment/delete/${portfolio._id}?index=0`, {
    token: fan.token,
  });
  expect(refused.statusCode).toBe(403);
  expect(refused.headers['content-type']).toMatch(/^text\/plain/);
  // 13. The author deletes their own by position.
  const own = await send('DELETE', `/portfolio/comment/delete/${portfolio._id}?index=0`, { token });
  expect(own.json().map((c: { body: string }) => c.body)).toEqual(['Birinchi']);
  // 14. An admin deletes anyone's.
  const byAdmin = await send('DELETE', `/portfolio/comment/delete/${portfolio._id}?index=0`, {
    token: boss.token,
  });
  expect(byAdmin.json()).toEqual([]);

  // 15. The detail reloaded shows all of it at once (no cached copy outlives a write).
  const detail = await send('GET', `/portfolio/${portfolio.linktitle}`);
  expect(detail.json()).toMatchObject({ likesCount: 0, commentsCount: 0, likes: [], comments: [] });

  // 16. A profile update with FormData.
  const updated = await send('PUT', '/user/me/update', {
    token,
    form: { description: 'Yangilandi', skills: 'React' },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  expect((await send('GET', '/user/eskimijoz')).json()).toMatchObject({
    description: 'Yangilandi',
    skills: ['React'],
  });

  // 17. An admin deletes the portfolio; the owner signs out and the token stops working.
  expect((await send('DELETE', `/portfolio/delete/${portfolio._id}`, { token: boss.token })).statusCode).toBe(
    204,
  );
  expect((await send('GET', `/portfolio/${portfolio._id}`)).statusCode).toBe(404);
  expect((await send('POST', '/logout', { token })).statusCode).toBe(204);
  const after = await send('GET', '/user/me', { token });
  expect(after.statusCode).toBe(401);
  expect(after.json()).toBe(false);
  expect(owner.id).toBe(me.json()._id);
});
