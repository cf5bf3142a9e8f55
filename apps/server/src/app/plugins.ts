import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { type CachedResponses, registerReadCache } from '../plugins/read-cache.js';
import { imageOriginDirectives, registerSecurityHeaders } from '../plugins/security-headers.js';
import { registerUploads } from '../plugins/uploads.js';
import { whenReady } from '../lib/soon.js';
import type { AppServices } from './services.js';

/** What every route shares, registered before them: headers, CORS, bodies, uploads, read cache, OpenAPI. */
export async function registerPlugins(
  app: FastifyInstance,
  config: Config,
  services: AppServices,
  cachedResponses: CachedResponses,
): Promise<void> {
  registerSecurityHeaders(app, {
    // Plain-http local use must keep working; TLS terminates at the proxy in production.
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        ...imageOriginDirectives(config.publicImageUrl),
        // Telegram's Login Widget, JavaScript from telegram.org (only when signing in with Telegram is on).
        ...(config.telegram && { scriptSrc: ["'self'", 'https://telegram.org'] }),
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    // Telegram's sign-in window answers its opener: the opener policy must let popups keep it.
    ...(config.telegram && { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' } }),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['x-token', 'token', 'content-type', 'accept', 'accept-language', 'x-page-language'],
    exposedHeaders: ['x-token', 'retry-after'],
    maxAge: 86_400,
  });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  await registerUploads(app, services.imageStore.incomingDir);
  cachedResponses.follow(services.changes);
  // A reader who blocked, muted or was blocked by anyone is answered by the handler, which leaves out
  // the comments of those people (decision 55); everyone else gets the kept bytes and their likes.
  cachedResponses.personalizeWith((token, portfolioIds) =>
    whenReady(services.auth.likesOf(token, portfolioIds), (found) =>
      found
        ? whenReady(services.blocks.hiddenFor(found.userId), (hidden) =>
            hidden.size > 0 ? undefined : found.liked,
          )
        : undefined,
    ),
  );
  registerReadCache(app, cachedResponses);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portfolio Master API',
        description: 'Dasturchilar portfoliolari uchun hamjamiyat sayti API’si',
        version: '1.0.0',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'x-token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
