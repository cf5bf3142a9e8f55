import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { type Dialect, probeDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { changeTags } from '../lib/changes.js';
import { createMarkdownRenderer } from '../lib/markdown.js';
import type { Metrics } from '../lib/metrics.js';
import type { Outages } from '../lib/outages.js';
import { Reads } from '../lib/reads.js';
import { AccountService } from '../modules/account/account.service.js';
import { AuthService } from '../modules/auth/auth.service.js';
import { TelegramService } from '../modules/auth/telegram.service.js';
import { CvService } from '../modules/cv/cv.service.js';
import { EmbedService } from '../modules/embed/embed.service.js';
import { CommentsService } from '../modules/comments/comments.service.js';
import { FeedsService, type FeedsOptions } from '../modules/feeds/feeds.service.js';
import { BlocksService } from '../modules/blocks/blocks.service.js';
import { FollowsService } from '../modules/follows/follows.service.js';
import { createGithubClient } from '../modules/github/github-client.js';
import { GithubService } from '../modules/github/github.service.js';
import { LikesService } from '../modules/likes/likes.service.js';
import { ModerationService } from '../modules/moderation/moderation.service.js';
import { NotificationsService } from '../modules/notifications/notifications.service.js';
import { MentionsService } from '../modules/mentions/mentions.service.js';
import { PeopleService } from '../modules/people/people.service.js';
import { SearchService } from '../modules/search/search.service.js';
import { PreviewCards } from '../modules/og/og.service.js';
import { ListTotals } from '../modules/portfolios/list-totals.js';
import { DraftsService } from '../modules/portfolios/drafts.service.js';
import { CoauthorsService } from '../modules/portfolios/coauthors.service.js';
import { PortfoliosService } from '../modules/portfolios/portfolios.service.js';
import { createBot } from '../modules/telegram-chats/telegram-bot.js';
import { TelegramChatsService } from '../modules/telegram-chats/telegram-chats.service.js';
import { UsersService } from '../modules/users/users.service.js';
import { ViewsService } from '../modules/views/views.service.js';
import { authenticationHooks, type AuthenticationHooks } from '../plugins/authentication.js';
import { createInfrastructure, type Infrastructure } from './infrastructure.js';

/**
 * Everything a route module may use, built once per app and passed in explicitly: each routes plugin
 * declares the part of it that it takes.
 */
export interface AppServices extends Infrastructure {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  /** Parts that are away (the database, the disk, Redis): logged once, probed until back. */
  outages: Outages;
  metrics: Metrics;
  auth: AuthService;
  telegram: TelegramService;
  /** The chats people link with the site's bot, and what the bot writes there. */
  telegramChats: TelegramChatsService;
  account: AccountService;
  users: UsersService;
  portfolios: PortfoliosService;
  /** Portfolios their authors have not published (docs/decisions/0053-drafts.md). */
  drafts: DraftsService;
  /** Who made a portfolio together with its owner (docs/decisions/0056-co-authors.md). */
  coauthors: CoauthorsService;
  people: PeopleService;
  /** The usernames suggested after `@`. */
  mentions: MentionsService;
  search: SearchService;
  likes: LikesService;
  comments: CommentsService;
  follows: FollowsService;
  blocks: BlocksService;
  moderation: ModerationService;
  notifications: NotificationsService;
  views: ViewsService;
  feeds: FeedsService;
  previewCards: PreviewCards;
  cv: CvService;
  embeds: EmbedService;
  /** Drafts from public GitHub repositories, and the client the stars' refresh uses. */
  github: GithubService;
  hooks: AuthenticationHooks;
  /** Drops the cached reads and totals nobody asked for in `idleMs` (`IdleTimer`); answers how many went. */
  trimIdle: (idleMs: number) => number;
}

/** The composition root: every service built once, each handed what it uses. */
export async function createServices(
  config: Config,
  database: { db: Kysely<Database>; dialect: Dialect },
  options: { outages: Outages; metrics: Metrics; feeds?: FeedsOptions },
): Promise<AppServices> {
  const { outages, metrics } = options;
  const logger = outages.logger;
  const { db, dialect } = database;
  outages.watch('database', () => probeDatabase(db, dialect));
  const infrastructure = await createInfrastructure(config, { outages, metrics });
  const { limiter, changes, mailer, imageStore, remoteImages } = infrastructure;
  const totals = new ListTotals();
  totals.follow(changes);
  const feeds = new FeedsService(db, dialect, config.publicUrl, options.feeds);
  changes.subscribe((tags) => {
    if (tags.includes(changeTags.catalog) || tags.includes(changeTags.everything)) feeds.clear();
  });
  const users = new UsersService(db, dialect, imageStore, config.adminEmails, changes);
  const notifications = new NotificationsService(db, { users, mailer, publicUrl: config.publicUrl, logger });
  const { publicUrl } = config;
  const auth = new AuthService(db, { mailer, limiter, imageStore, changes, publicUrl, logger, dialect });
  const blocks = new BlocksService(db, { users, changes });
  const reads = new Reads({ enabled: config.readCache, changes });
  const comments = new CommentsService(db, users, changes, notifications, blocks, reads);
  // One renderer for portfolio pages and previews: a preview shows what the page will ("Ko‘rib chiqish").
  const renderMarkdown = createMarkdownRenderer({ imageSource: (url) => remoteImages.address(url) });
  const portfolios = new PortfoliosService(db, dialect, {
    users,
    comments,
    imageStore,
    totals,
    changes,
    reads,
    notifications,
    postsToChannel: config.telegram !== undefined && config.telegramChannel !== undefined,
    renderMarkdown,
  });
  const drafts = new DraftsService(db, renderMarkdown);
  const people = new PeopleService(db, dialect, { changes, readCache: config.readCache });
  const search = new SearchService(
    db,
    dialect,
    { portfolios, people },
    { changes, readCache: config.readCache },
  );
  const embeds = new EmbedService(db, dialect, { users, portfolios, imageStore, changes, publicUrl });
  const previewCards = new PreviewCards(db, dialect, { imageStore, portfolios, users });
  await previewCards.init();
  previewCards.follow(changes, logger);
  return {
    ...infrastructure,
    config,
    db,
    dialect,
    outages,
    metrics,
    auth,
    telegram: new TelegramService(db, { telegram: config.telegram, auth, limiter, changes }),
    telegramChats: new TelegramChatsService(db, { bot: createBot(config), changes, logger }),
    account: new AccountService(db, { auth, users, drafts, mailer, limiter, imageStore, changes, publicUrl }),
    users,
    portfolios,
    drafts,
    coauthors: new CoauthorsService(db, { portfolios, users, notifications, blocks, changes }),
    people,
    mentions: new MentionsService(db, dialect, reads, blocks),
    search,
    likes: new LikesService(db, changes, users, notifications, blocks),
    blocks,
    comments,
    follows: new FollowsService(db, { users, portfolios, changes, blocks }),
    moderation: new ModerationService(db, dialect, { users, portfolios, comments, changes }),
    notifications,
    views: new ViewsService(db),
    feeds,
    previewCards,
    cv: new CvService(db, dialect, { users, portfolios, imageStore, changes, publicUrl }),
    embeds,
    github: new GithubService(
      db,
      createGithubClient({ apiUrl: config.githubApiUrl, token: config.githubToken }),
    ),
    hooks: authenticationHooks(auth),
    trimIdle: (idleMs) =>
      reads.trimIdle(idleMs) +
      auth.trimIdle(idleMs) +
      blocks.trimIdle(idleMs) +
      totals.trimIdle(idleMs) +
      people.trimIdle(idleMs) +
      search.trimIdle(idleMs) +
      embeds.trimIdle(idleMs),
  };
}
