import { expect, type APIRequestContext } from '@playwright/test';
import { registrationLink } from './mail';

export const PASSWORD = 'Juda-maxfiy-parol-42';

/** Signs a user up through the API the way the site does (emailed link, then the form), and returns the session token. */
export async function registerByApi(
  request: APIRequestContext,
  username: string,
  names: { firstname: string; lastname: string },
): Promise<string> {
  const email = `${username}@example.test`;
  expect((await request.post('/api/register/send-verification', { data: { email } })).ok()).toBe(true);
  const link = new URL(await registrationLink(email));
  const registered = await request.post('/api/register', {
    headers: { token: link.searchParams.get('token')! },
    data: { email, username, password: PASSWORD, ...names },
  });
  expect(registered.status()).toBe(201);
  return registered.headers()['x-token']!;
}

/** The next spec starts from an empty site: an account made by a spec leaves with everything it made. */
export async function leave(request: APIRequestContext, token: string): Promise<void> {
  const deleted = await request.delete('/api/user/me', {
    headers: { 'x-token': token },
    data: { currentPassword: PASSWORD },
  });
  expect(deleted.status()).toBe(204);
}
