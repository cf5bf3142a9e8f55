import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** PostgreSQL returns Date, SQLite the ISO string we stored; writes are ISO strings on both. */
export type Timestamp = ColumnType<Date | string, string, string>;
/** A time that may be unset (null), optional on insert. */
export type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;
export type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
/** Booleans are 0/1 integers on both dialects, so one query fits both. */
export type Flag = ColumnType<number, number, number>;
/** A flag with a default in the table: optional when a row is inserted. */
export type OptionalFlag = ColumnType<number, number | undefined, number>;

export interface UsersTable {
  id: string;
  username: string;
  /** Null for an account made by signing in with Telegram, until its owner adds an address. */
  email: string | null;
  email_public: Flag;
  /** Null for an account made by signing in with Telegram, until its owner sets a password. */
  password_hash: string | null;
  firstname: string;
  lastname: string;
  image: string | null;
  is_admin: Flag;
  description: string;
  /** JSON array of strings. */
  skills: string;
  github_profile: string;
  telegram_profile: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** How many follow this account, and how many it follows: the rows of `follows`, counted. */
  followers_count: Generated<number>;
  following_count: Generated<number>;
  /** Set while a moderator hides it: seen then only by its author and admins (see moderation). */
  hidden_at: NullableTimestamp;
  hidden_reason: NullableText;
  /** Set while the account may not write: until `blocked_until`, or for good when that is null. */
  blocked_at: NullableTimestamp;
  blocked_until: NullableTimestamp;
  blocked_reason: NullableText;
  /**
   * The language the account last read the site in ('uz-Latn' | 'uz-Cyrl' | 'ru' | 'en'): its
   * notification mails are written in it, and so are answers to its requests that state none.
   */
  locale: NullableText;
  /** The Telegram account that signs in to this one; no two accounts hold the same. */
  telegram_id: NullableText;
  /** A line under the name ("Frontend dasturchi, React"); '' when none. */
  headline: Generated<string>;
  /** A region's code (the contract's CITIES), or null. */
  city: NullableText;
  website: Generated<string>;
  linkedin: Generated<string>;
  /** JSON arrays of the contract's ExperienceEntry and EducationEntry, written whole. */
  experience: Generated<string>;
  education: Generated<string>;
  /** 'looking' | 'open' | 'not': whether the person looks for work (indexed for the people directory). */
  work_status: Generated<string>;
  /** JSON object: the roles, kinds of employment and whether remote work, that the person looks for. */
  work_preferences: Generated<string>;
  /** 'itpark' | 'company' | 'university' and its name, or both null; verified by an admin, when. */
  affiliation_kind: NullableText;
  affiliation_name: NullableText;
  affiliation_verified_at: NullableTimestamp;
  /** The likes of all the person's portfolios: their likes_count summed, kept by the database's triggers. */
  likes_received: Generated<number>;
  /** The private chat with the site's bot that the account linked (`/start <token>`), and when; null when none. */
  telegram_chat_id: NullableText;
  telegram_chat_linked_at: NullableTimestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface EmailVerificationsTable {
  id: string;
  email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A mailed password-reset link: single use, an hour. */
export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A mailed link that confirms a new email address for an account: single use, an hour. */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** One account following another (an author whose new portfolios it wants to see). */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Timestamp;
}

/** `user_id` blocks or mutes `other_id` (decision 55); seen only by `user_id`. */
export interface PersonBlocksTable {
  user_id: string;
  other_id: string;
  kind: 'block' | 'mute';
  created_at: Timestamp;
}

/** A portfolio someone saved to read later; seen only by them. */
export interface BookmarksTable {
  user_id: string;
  portfolio_id: string;
  created_at: Timestamp;
}

/** The kinds that may also go by mail and to Telegram, each with its own settings. */
export type DeliveredKind = 'comment' | 'like' | 'reply' | 'mention' | 'post';
/** Also `invite`: an invitation to be a portfolio's co-author, shown in the bell only. */
export type NotificationKind = DeliveredKind | 'invite';

/**
 * Something that happened to `user_id`'s work, done by `actor_id`. Likes are one row per portfolio while
 * unread: its newest liker, how many others liked it `since`.
 */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  actor_id: string;
  portfolio_id: string;
  comment_id: string | null;
  others_count: Generated<number>;
  since: Timestamp;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** Which notifications also come by mail (a row only once someone changed them or got a mail). */
export interface NotificationSettingsTable {
  user_id: string;
  email_comment: Flag;
  email_like: Flag;
  email_reply: Flag;
  /** Mail for mentions; 1 unless set (the column's default). */
  email_mention: OptionalFlag;
  email_post: Flag;
  /** Which notifications also go to the linked Telegram chat (off until a chat is linked). */
  telegram_comment: OptionalFlag;
  telegram_like: OptionalFlag;
  telegram_reply: OptionalFlag;
  telegram_mention: OptionalFlag;
  telegram_post: OptionalFlag;
  /** Stands in the mails' one-click unsubscribe links; changes nothing but these settings. */
  unsubscribe_token: string;
}

/** A portfolio its author shows first on their profile, at `position` (0 first). */
export interface ProfilePinsTable {
  user_id: string;
  portfolio_id: string;
  position: number;
}

/** One visitor of a portfolio on one day (UTC), as a salted hash (see the views migration). */
export interface PortfolioViewsTable {
  portfolio_id: string;
  day: string;
  visitor: string;
}

/** The random salt of one day's visitor hashes; deleted with that day's views. */
export interface ViewSaltsTable {
  day: string;
  salt: string;
}

export interface PortfoliosTable {
  id: string;
  author_id: string;
  title: string;
  linktitle: string;
  description: string;
  url: string;
  repo_url: string | null;
  likes_count: Generated<number>;
  /** Its likes but its author's own: what "Eng ko‘p yoqtirilgan" orders by. */
  ranked_likes: Generated<number>;
  comments_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * Its technologies' names and its gallery's file names in order, as JSON arrays: copies of
   * portfolio_technologies and images, written with them (`refreshPortfolioLists`), read with the row.
   */
  technology_names: Generated<string>;
  image_names: Generated<string>;
  /** Its gallery's descriptions (`images.alt`) in the same order, as a JSON array, copied like `image_names`. */
  image_alts: Generated<string>;
  /** Its likes and comments of the last 7 days, each worth less the older it is (see trending.ts). */
  trend_score: Generated<number>;
  /** Set while a moderator hides it: seen then only by its author and admins (see moderation). */
  hidden_at: NullableTimestamp;
  hidden_reason: NullableText;
  /** 1 when its author asked that the site's Telegram channel not post it. */
  channel_opt_out: Generated<number>;
  /** `owner/name` when its repository address is on GitHub (docs/decisions/0052); null otherwise. */
  github_repo: string | null;
  /** What GitHub said at the last check; null until one succeeded. */
  github_stars: number | null;
  github_language: string | null;
  /** When its repository is next checked (at most daily); null when there is nothing to check. */
  github_due_at: NullableTimestamp;
}

export interface ImagesTable {
  filename: string;
  owner_id: string;
  portfolio_id: string | null;
  position: number;
  width: number;
  height: number;
  bytes: number;
  /** Its description, the `alt` of the picture wherever it shows; '' for the generated text. */
  alt: Generated<string>;
  created_at: Timestamp;
}

/** An image imported from the original site: its old name, still served, and the stored image it became. */
export interface OriginalImagesTable {
  name: string;
  filename: string;
}

/** An old linktitle of a portfolio brought over from the original site, still leading to it. */
export interface PortfolioAliasesTable {
  old_linktitle: string;
  portfolio_id: string;
}

export interface TechnologiesTable {
  id: string;
  name: string;
  slug: string;
  portfolios_count: Generated<number>;
}

/** The key of a technology folded into another, leading to the one kept (docs/decisions/0058). */
export interface TechnologyRedirectsTable {
  slug: string;
  technology_id: string;
}

export interface PortfolioTechnologiesTable {
  portfolio_id: string;
  technology_id: string;
  position: number;
}

export interface LikesTable {
  portfolio_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: string;
  portfolio_id: string;
  author_id: string;
  body: string;
  created_at: Timestamp;
  /** Set while a moderator hides it: seen then only by its author and admins (see moderation). */
  hidden_at: NullableTimestamp;
  hidden_reason: NullableText;
  /** When its writer last edited it; null while it is as first written. */
  edited_at: NullableTimestamp;
  /** The top-level comment whose thread it answers; null for a top-level comment. */
  parent_id: NullableText;
  /** Set when a top-level comment was deleted while it had replies: kept, without its text, for them. */
  deleted_at: NullableTimestamp;
}

/** An earlier text of an edited comment, kept for the moderation queue. */
export interface CommentRevisionsTable {
  id: string;
  comment_id: string;
  body: string;
  replaced_at: Timestamp;
}

/** A portfolio its author has not published yet: seen by that author only (docs/decisions/0053-drafts.md). */
export interface PortfolioDraftsTable {
  id: string;
  author_id: string;
  title: Generated<string>;
  description: Generated<string>;
  url: Generated<string>;
  repo_url: Generated<string>;
  /** Its technologies as typed, a JSON array. */
  technology_names: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ReportStatus = 'open' | 'resolved' | 'dismissed';
export type ModerationTargetKind = 'portfolio' | 'comment' | 'user';
/** What the admins' log names: a moderated thing, or a technology merged into another. */
export type AuditTargetKind = ModerationTargetKind | 'technology';

/** Someone's report of a portfolio, comment or profile, open until an admin acts on that thing. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  target_kind: ModerationTargetKind;
  target_id: string;
  reason: string;
  details: string;
  status: ReportStatus;
  created_at: Timestamp;
  closed_at: Timestamp | null;
}

/** What an admin did, to what, and why: readable by admins, kept when the admin's account goes. */
export interface ModerationLogTable {
  id: string;
  admin_id: string | null;
  action: string;
  target_kind: AuditTargetKind;
  target_id: string;
  target_label: string;
  reason: string;
  until: Timestamp | null;
  created_at: Timestamp;
}

/** One row: the version of the text index's rules its entries were written by (see search.repository.ts). */
/** Every word of the text index (see search.repository.ts): prefixes on SQLite, spelling suggestions on both. */
export interface SearchTermsTable {
  term: string;
}

export interface SearchIndexStateTable {
  version: number;
}

/** A Telegram sign-in payload already used, kept until it would be refused as too old anyway. */
export interface TelegramLoginsTable {
  /** SHA-256 of the payload's data-check string. */
  hash: string;
  expires_at: Timestamp;
}

/** A one-time token of the bot's deep link, bound to an account (docs/decisions/0043-telegram-bot.md). */
export interface TelegramLinkTokensTable {
  /** SHA-256 of the token. */
  hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A named lease one instance holds at a time (the poller of Telegram's updates), renewed while it works. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: Timestamp;
}

/** A notification waiting for the bot (docs/decisions/0044-telegram-notifications.md). */
export interface TelegramOutboxTable {
  id: string;
  user_id: string;
  kind: DeliveredKind;
  actor_id: string;
  portfolio_id: string;
  comment_id: string | null;
  others_count: Generated<number>;
  status: Generated<'pending' | 'sending' | 'failed'>;
  attempts: Generated<number>;
  next_at: Timestamp;
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
}

/**
 * A new portfolio whose followers' Telegram messages the worker is still to send, after `after_user_id`
 * (docs/decisions/0047-telegram-fan-out.md, 0054-telegram-fan-out-sent-directly.md).
 */
export interface TelegramFanoutsTable {
  portfolio_id: string;
  after_user_id: Generated<string>;
  /** The last follower of the range a worker is sending, and until when that range is its own. */
  claimed_through: string | null;
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
}

/** A portfolio to be posted, or posted, to the site's Telegram channel (docs/decisions/0046). */
export interface TelegramChannelPostsTable {
  portfolio_id: string;
  status: Generated<'pending' | 'sending' | 'posted' | 'failed'>;
  message_id: number | string | null;
  withdrawn: Generated<number>;
  attempts: Generated<number>;
  next_at: Timestamp;
  claimed_until: NullableTimestamp;
  created_at: Timestamp;
  posted_at: NullableTimestamp;
}

/** The week's best posted to the channel, one row per week (its Monday, `YYYY-MM-DD`). */
export interface TelegramDigestsTable {
  week: string;
  status: 'sending' | 'posted';
  message_id: number | string | null;
  claimed_until: NullableTimestamp;
  posted_at: NullableTimestamp;
}

/** An invitation to be a portfolio's co-author; it credits `user_id` once `accepted`. */
export interface PortfolioAuthorsTable {
  portfolio_id: string;
  user_id: string;
  status: 'invited' | 'accepted';
  /** The portfolio's own creation time, so that a person's co-authored work is one index range. */
  portfolio_created_at: Timestamp;
  created_at: Timestamp;
  accepted_at: NullableTimestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  follows: FollowsTable;
  person_blocks: PersonBlocksTable;
  bookmarks: BookmarksTable;
  profile_pins: ProfilePinsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  portfolio_views: PortfolioViewsTable;
  view_salts: ViewSaltsTable;
  portfolios: PortfoliosTable;
  images: ImagesTable;
  original_images: OriginalImagesTable;
  portfolio_aliases: PortfolioAliasesTable;
  technologies: TechnologiesTable;
  portfolio_technologies: PortfolioTechnologiesTable;
  technology_redirects: TechnologyRedirectsTable;
  likes: LikesTable;
  comments: CommentsTable;
  comment_revisions: CommentRevisionsTable;
  portfolio_drafts: PortfolioDraftsTable;
  portfolio_authors: PortfolioAuthorsTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  search_index_state: SearchIndexStateTable;
  search_terms: SearchTermsTable;
  telegram_logins: TelegramLoginsTable;
  telegram_link_tokens: TelegramLinkTokensTable;
  leases: LeasesTable;
  telegram_outbox: TelegramOutboxTable;
  telegram_fanouts: TelegramFanoutsTable;
  telegram_channel_posts: TelegramChannelPostsTable;
  telegram_digests: TelegramDigestsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type PortfolioRow = Selectable<PortfoliosTable>;
