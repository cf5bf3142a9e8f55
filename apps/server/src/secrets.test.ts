import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './lib/tokens.js';
import { call, createTestContext, signUp, type TestContext } from './test/app.js';
import { multipart, pngImage } from './test/forms.js';
import { tokenFromMail } from './test/smtp.js';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(() => context.close());

interface Recorded {
  label: string;
  response: LightMyRequestResponse;
  /** login and register hand out the session token in this header, and only there. */
  mayCarryToken: boolean;
}

describe('secrets never leave the server', () => {
  it('keeps passwords, hashes, tokens and hidden emails out of every response of a full scenario', async () => {
    const recorded: Recorded[] = [];
    const record = async (label: string, options: InjectOptions, mayCarryToken = false) => {
      const response = await call(context.app, options);
      recorded.push({ label, response, mayCarryToken });
      return response;
    };

    // Someone who keeps the email hidden, signed in elsewhere.
    const hidden = await signUp(context, { firstname: 'Yashirin', password: 'maxfiy-parol-birinchi-1' });

    // A newcomer goes through the whole flow.
    const email = 'sirli.foydalanuvchi@example.uz';
    const password = 'juda-maxfiy-parol-2026';
    const newPassword = 'yanada-maxfiy-parol-2027';
    const username = 'sirli_user';
    await record('send-verification', {
      method: 'POST',
      url: '/api/register/send-verification',
      payload: { email },
    });
    const verification = tokenFromMail(await context.smtp.waitForMail(email)).token;
    await record('send-verification again', {
      method: 'POST',
      url: '/api/register/send-verification',
      payload: { email: hidden.email },
    });

    await record('register with a common password', {
      method: 'POST',
      url: '/api/register',
      headers: { token: verification },
      payload: { username, email, password: 'password1', firstname: 'S', lastname: 'F' },
    });
    const form = await multipart({
      username,
      email,
      password,
      firstname: 'Sirli',
      lastname: 'Foydalanuvchi',
      description: 'Hech narsa yashirmaydi',
      skills: 'TypeScript, SQL',
      image: { content: await pngImage(32, 32), filename: 'a.png', contentType: 'image/png' },
    });
    const registered = await record(
      'register',
      {
        method: 'POST',
        url: '/api/register',
        headers: { ...form.headers, token: verification },
        payload: form.payload,
      },
      true,
    );
    expect(registered.statusCode).toBe(201);
    const registerToken = registered.headers['x-token'] as string;
    const id = registered.json()._id as string;

    await record('register again', {
      method: 'POST',
      url: '/api/register',
      headers: { token: verification },
      payload: { username: 'boshqa_user', email, password, firstname: 'S', lastname: 'F' },
    });
    await record('login wrong', {
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'notright-1' },
    });
    const loggedIn = await record(
      'login',
      { method: 'POST', url: '/api/login', payload: { email: username, password } },
      true,
    );
    const loginToken = loggedIn.headers['x-token'] as string;
    const auth = { 'x-token': loginToken };

    await record('me', { method: 'GET', url: '/api/user/me', headers: auth });
    await record('verify-token', { method: 'POST', url: '/api/verify-token', headers: auth });
    await record('update wrong current password', {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: auth,
      payload: { password: newPassword, currentPassword: 'not-my-password' },
    });
    const updated = await record('update', {
      method: 'PUT',
      url: '/api/user/me/update',
      headers: auth,
      payload: {
        password: newPassword,
        currentPassword: password,
        description: 'Yangilandi',
        emailPublic: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    await record('all, anonymous', { method: 'GET', url: '/api/user/all' });
    await record('all, signed in', { method: 'GET', url: '/api/user/all', headers: auth });
    await record('other by id', { method: 'GET', url: `/api/user/${hidden.id}`, headers: auth });
    await record('other by name', { method: 'GET', url: `/api/user/${hidden.username}` });
    await record('self by id, anonymous', { method: 'GET', url: `/api/user/${id}` });
    await record('self by name', { method: 'GET', url: `/api/user/${username}`, headers: auth });
    await record('me, old register token revoked', {
      method: 'GET',
      url: '/api/user/me',
      headers: { 'x-token': registerToken },
    });
    await record('logout', { method: 'POST', url: '/api/logout', headers: auth });
    await record('me after logout', { method: 'GET', url: '/api/user/me', headers: auth });
    await record('docs', { method: 'GET', url: '/api/docs/json' });

    const rows = await context.app.services.db.selectFrom('users').select('password_hash').execute();
    const verificationTokens = context.smtp.messages.flatMap((mail) => {
      try {
        return [tokenFromMail(mail).token];
      } catch {
        return [];
      }
    });
    const sessionTokens = [registerToken, loginToken, hidden.token];
    const secrets: [string, string][] = [
      ['password', password],
      ['new password', newPassword],
      ['other password', hidden.password],
      ['hidden email', hidden.email],
      ['argon2 marker', '$argon2'],
      ...rows.map((row): [string, string] => ['password hash', row.password_hash!]),
      ...sessionTokens.map((token): [string, string] => ['session token', token]),
      ...sessionTokens.map((token): [string, string] => ['session token hash', hashToken(token)]),
      ...verificationTokens.map((token): [string, string] => ['verification token', token]),
      ...verificationTokens.map((token): [string, string] => ['verification token hash', hashToken(token)]),
    ];
    expect(verificationTokens.length).toBeGreaterThanOrEqual(2);

    for (const { label, response, mayCarryToken } of recorded) {
      const headers = Object.entries(response.headers)
        .filter(([name]) => !(mayCarryToken && name === 'x-token'))
        .map(([name, value]) => `${name}: ${String(value)}`)
        .join('\n');
      if (!mayCarryToken) expect(response.headers['x-token'], label).toBeUndefined();
      for (const [kind, secret] of secrets) {
        expect(response.body.includes(secret), `${label}: body holds the ${kind}`).toBe(false);
        expect(headers.includes(secret), `${label}: headers hold the ${kind}`).toBe(false);
      }
      if (label !== 'docs')
        expect(response.body, label).not.toMatch(/password_?hash|token_?hash|"token"\s*:/i);
    }
    // The sweep saw the successes it was meant to see.
    expect(recorded.filter(({ response }) => response.statusCode < 300).length).toBeGreaterThanOrEqual(14);
  });
});
