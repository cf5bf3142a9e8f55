import type { Locale } from '@portfolio-master/i18n';
import type { FastifyRequest } from 'fastify';
import type { Authenticated } from '../data/auth.repository.js';
import { unauthorized } from '../lib/http-error.js';
import { readerLocale, statedLocale } from '../lib/reader-locale.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

export function tokenFrom(request: FastifyRequest, header = 'x-token'): string | undefined {
  const value = request.headers[header];
  const token = Array.isArray(value) ? value[0] : value;
  return token?.trim() || undefined;
}

/** What the hooks need of sessions; the auth service answers (the app hands it in). */
export interface Sessions {
  authenticate(token: string | undefined): Promise<Authenticated | null>;
  rememberLocale(userId: string, locale: Locale): Promise<void>;
}

/**
 * preHandlers that resolve `request.auth` from the x-token header. The language the request states is
 * remembered for the account when it changed (its notification mails are written in it).
 */
export function authenticationHooks(sessions: Sessions) {
  const resolve = async (request: FastifyRequest) => {
    request.auth = await sessions.authenticate(tokenFrom(request));
    const locale = request.auth ? statedLocale(request) : undefined;
    if (request.auth && locale && request.auth.user.locale !== locale) {
      await sessions.rememberLocale(request.auth.user.id, locale);
      // What this request goes on to read of the account is what is stored now.
      request.auth = { ...request.auth, user: { ...request.auth.user, locale } };
    }
  };
  return {
    optional: resolve,
    async required(request: FastifyRequest) {
      await resolve(request);
      if (!request.auth) throw unauthorized('problem.session');
    },
  };
}

export type AuthenticationHooks = ReturnType<typeof authenticationHooks>;

/**
 * The language to answer `request` in (its problems, the mails it asks for): the one it states, else its
 * account's once the hooks above have found it, else Latin Uzbek.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return readerLocale(request, request.auth?.user);
}

/** For handlers behind `required`: the signed-in user, or a 401 if the hook was forgotten. */
export function currentAuth(request: FastifyRequest): Authenticated {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Who is asking, for what only some may see: the signed-in user and whether they are an admin; null for a visitor. */
export function viewerOf(
  request: FastifyRequest,
  users: { isAdmin(user: Authenticated['user']): boolean },
): { id: string; isAdmin: boolean } | null {
  const user = request.auth?.user;
  return user ? { id: user.id, isAdmin: users.isAdmin(user) } : null;
}
