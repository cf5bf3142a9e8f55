import {
  listQuerySchema,
  problemSchema,
  updateMeBodySchema,
  userParamsSchema,
  userSchema,
} from '@portfolio-master/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeTags } from '../../lib/changes.js';
import { RATE_RULES, type RateLimiter } from '../../lib/rate-limiter.js';
import { fileFrom, isMultipart } from '../../lib/uploads.js';
import { currentAuth, viewerOf, type AuthenticationHooks } from '../../plugins/authentication.js';
import { assertMayWrite } from './blocks.js';
import type { UsersService } from './users.service.js';
import type { AuthService } from '../auth/auth.service.js';

/** What these routes are handed: the app passes its services. */
export interface UserRouteDependencies {
  users: UsersService;
  auth: AuthService;
  hooks: AuthenticationHooks;
  limiter: RateLimiter;
}

export const userRoutes: FastifyPluginAsyncZod<UserRouteDependencies> = async (
  app,
  { users, auth, hooks, limiter },
) => {
  /** A multipart body may carry an avatar: counted (and a blocked account refused) before it is read. */
  const uploadLimit = async (request: FastifyRequest) => {
    if (!isMultipart(request)) return;
    const { user } = currentAuth(request);
    assertMayWrite(user);
    await limiter.consume(RATE_RULES.uploads, user.id);
  };

  app.get(
    '/user/me',
    {
      onRequest: hooks.optional,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user; 401 with the body false on any failure',
        response: { 200: userSchema, 401: z.literal(false) },
      },
    },
    async (request, reply) => {
      if (!request.auth) return reply.code(401).send(false);
      return users.presentOne(request.auth.user, request.auth.user.id);
    },
  );

  app.put(
    '/user/me/update',
    {
      onRequest: [hooks.required, uploadLimit],
      schema: {
        tags: ['users'],
        summary: 'Update the own profile; a password change needs currentPassword',
        body: updateMeBodySchema,
        consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
        response: {
          200: userSchema,
          401: problemSchema,
          409: problemSchema,
          413: problemSchema,
          415: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request) => {
      const authenticated = currentAuth(request);
      const { user, sessionId } = authenticated;
      // A blocked account may still change its password, not what others read.
      const { password, currentPassword, ...profile } = request.body;
      if (Object.values(profile).some((value) => value !== undefined)) assertMayWrite(user);
      if (password !== undefined) await auth.confirmOwner(authenticated, currentPassword);
      return users.updateMe(user, sessionId, request.body, fileFrom(request.body.image));
    },
  );

  app.get(
    '/user/all',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'other' } },
      schema: {
        tags: ['users'],
        summary: 'Users, newest first',
        querystring: listQuerySchema,
        response: { 200: z.array(userSchema), 422: problemSchema },
      },
    },
    async (request) => {
      const viewerId = request.auth?.user.id ?? null;
      // Everyone but a listed user sees the same list: what anyone sees is cached.
      if (!viewerId) request.readTags = [changeTags.users];
      return users.list(request.query.limit, request.query.offset, viewerId);
    },
  );

  app.get(
    '/user/:id',
    {
      onRequest: hooks.optional,
      config: { readCache: { viewers: 'other' } },
      schema: {
        tags: ['users'],
        summary: 'One user by id or username',
        params: userParamsSchema,
        response: { 200: userSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request, users);
      const user = await users.getOne(request.params.id, viewer);
      if (!viewer) request.readTags = [changeTags.user(user._id)];
      return user;
    },
  );
};
