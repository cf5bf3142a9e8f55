import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error.js';
import type { Authenticated, AuthService } from '../modules/auth/auth.service.js';

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

/** preHandlers that resolve `request.auth` from the x-token header. */
export function authenticationHooks(authService: AuthService) {
  return {
    async optional(request: FastifyRequest) {
      request.auth = await authService.authenticate(tokenFrom(request));
    },
    async required(request: FastifyRequest) {
      request.auth = await authService.authenticate(tokenFrom(request));
      if (!request.auth) throw unauthorized('Avval tizimga kiring: token yo‘q yoki eskirgan');
    },
  };
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
