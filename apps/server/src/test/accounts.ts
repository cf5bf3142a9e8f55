import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { call, type TestContext, verificationToken } from './app.js';

let sequence = 0;

/** A unique, valid username (letters and digits only, well under 30 characters). */
export function uniqueName(prefix = 'u'): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid.toString(36)}${sequence}`.slice(0, 30);
}

export const GOOD_PASSWORD = 'yashil-olma-daraxti-42';

/** A complete, valid registration body for a new address. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> & {
  username: string;
  email: string;
  password: string;
} {
  const username = (overrides.username as string | undefined) ?? uniqueName();
  return {
    username,
    email: `${username.toLowerCase()}@example.uz`,
    password: GOOD_PASSWORD,
    firstname: 'Aziza',
    lastname: 'Rahimova',
    ...overrides,
  } as Record<string, unknown> & { username: string; email: string; password: string };
}

/** POST /api/register with a fresh verification token for the body's email (JSON unless a body is given). */
export async function register(
  context: TestContext,
  body: Record<string, unknown> & { email: string },
  options: Partial<InjectOptions> & { token?: string } = {},
): Promise<LightMyRequestResponse> {
  const { token: given, ...rest } = options;
  const token = given ?? (await verificationToken(context, body.email));
  return call(context.app, {
    method: 'POST',
    url: '/api/register',
    payload: body,
    ...rest,
    headers: { token, ...rest.headers },
  });
}

export function login(
  context: TestContext,
  email: string,
  password: string,
  options: Partial<InjectOptions> = {},
) {
  return call(context.app, { method: 'POST', url: '/api/login', payload: { email, password }, ...options });
}

export function getMe(context: TestContext, token: string | undefined, headers: Record<string, string> = {}) {
  return call(context.app, {
    method: 'GET',
    url: '/api/user/me',
    headers: { ...(token === undefined ? {} : { 'x-token': token }), ...headers },
  });
}

export function updateMe(context: TestContext, token: string | undefined, options: Partial<InjectOptions>) {
  return call(context.app, {
    method: 'PUT',
    url: '/api/user/me/update',
    ...options,
    headers: { ...(token === undefined ? {} : { 'x-token': token }), ...options.headers },
  });
}

export function verifyToken(context: TestContext, token: string) {
  return call(context.app, { method: 'POST', url: '/api/verify-token', headers: { 'x-token': token } });
}
