import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../modules/account/account.routes.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { blockRoutes } from '../modules/blocks/blocks.routes.js';
import { bookmarkRoutes } from '../modules/bookmarks/bookmarks.routes.js';
import { cvRoutes } from '../modules/cv/cv.routes.js';
import { embedRoutes } from '../modules/embed/embed.routes.js';
import { commentRoutes } from '../modules/comments/comments.routes.js';
import { feedRoutes } from '../modules/feeds/feeds.routes.js';
import { followRoutes } from '../modules/follows/follows.routes.js';
import { githubRoutes } from '../modules/github/github.routes.js';
import { imageRoutes } from '../modules/images/images.routes.js';
import { remoteImageRoutes } from '../modules/images/remote-images.routes.js';
import { likeRoutes } from '../modules/likes/likes.routes.js';
import { moderationRoutes } from '../modules/moderation/moderation.routes.js';
import { notificationRoutes } from '../modules/notifications/notifications.routes.js';
import { previewCardRoutes } from '../modules/og/og.routes.js';
import { opsRoutes } from '../modules/ops/ops.routes.js';
import { localeRoutes } from '../modules/pages/locale.routes.js';
import { mentionRoutes } from '../modules/mentions/mentions.routes.js';
import { peopleRoutes } from '../modules/people/people.routes.js';
import { searchRoutes } from '../modules/search/search.routes.js';
import { portfolioRoutes } from '../modules/portfolios/portfolios.routes.js';
import { telegramChatRoutes } from '../modules/telegram-chats/telegram-chats.routes.js';
import { userRoutes } from '../modules/users/users.routes.js';
import { viewRoutes } from '../modules/views/views.routes.js';
import type { AppServices } from './services.js';

/** The API under /api, then what lives outside it: health and metrics, images, feeds, preview cards, CVs and embeds. */
export async function registerRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(
    async (api) => {
      // JSON answers are compressed for clients that ask (the web app's files are compressed at build
      // time). Compressed request bodies are not accepted: they would let a small upload inflate.
      await api.register(compress, {
        globalCompression: true,
        globalDecompression: false,
        encodings: ['br', 'gzip'],
        threshold: 1024,
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      await api.register(authRoutes, services);
      await api.register(userRoutes, services);
      await api.register(accountRoutes, services);
      await api.register(followRoutes, services);
      await api.register(blockRoutes, services);
      await api.register(peopleRoutes, services);
      await api.register(mentionRoutes, services);
      await api.register(searchRoutes, services);
      await api.register(bookmarkRoutes, services);
      await api.register(moderationRoutes, services);
      await api.register(notificationRoutes, services);
      await api.register(telegramChatRoutes, services);
      await api.register(viewRoutes, services);
      await api.register(portfolioRoutes, services);
      await api.register(githubRoutes, services);
      await api.register(likeRoutes, services);
      await api.register(commentRoutes, services);
      await api.register(localeRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(opsRoutes, services);
  await app.register(imageRoutes, services);
  await app.register(remoteImageRoutes, services);
  await app.register(feedRoutes, services);
  await app.register(previewCardRoutes, services);
  await app.register(cvRoutes, services);
  await app.register(embedRoutes, services);
}
