/** Product constants shared by the server and the web app. */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;

export const AVATAR_SIZES = [30, 40, 50, 70, 100] as const;
export const IMAGE_WIDTHS = [64, 128, 256, 512, 1024, 1600] as const;

export const LIMITS = {
  username: { min: 3, max: 30 },
  name: { min: 1, max: 50 },
  email: { max: 254 },
  password: { min: 8, max: 128 },
  userDescription: { max: 1000 },
  skills: { maxItems: 30, itemMax: 40 },
  profileLink: { max: 200 },
  title: { min: 3, max: 120 },
  portfolioDescription: { max: 10_000 },
  url: { max: 2048 },
  technologies: { min: 1, max: 20, itemMax: 40 },
  comment: { min: 1, max: 2000 },
  images: { maxFiles: 8, maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000 },
  /** A picture's description, its `alt` ("Rasm tavsifi"). */
  imageAlt: { max: 200 },
  avatar: { maxBytes: 10 * 1024 * 1024 },
  /** A profile read as a CV (docs/decisions/0039-profiles-as-cv.md). */
  headline: { max: 80 },
  website: { max: 200 },
  experience: { maxItems: 10, roleMax: 80, companyMax: 80 },
  education: { maxItems: 5, schoolMax: 120, fieldMax: 80 },
  /** The years a CV's dates may name. */
  cvYears: { min: 1950, max: 2100 },
  workRoles: { maxItems: 5, itemMax: 40 },
  affiliationName: { max: 120 },
  pinned: { max: 6 },
  /** Unpublished portfolios an author keeps at once (docs/decisions/0053-drafts.md). */
  drafts: { max: 20 },
  /** People a portfolio's owner invites to be its co-authors (docs/decisions/0056-co-authors.md). */
  coauthors: { max: 4 },
} as const;

/** Usernames that collide with fixed routes under /user. */
export const RESERVED_USERNAMES = ['me', 'all'] as const;

/**
 * Newest first; by likes; by comments; by what is liked and discussed now (the last 7 days' likes and
 * comments, each worth less the older it is).
 */
export const SORTS = ['new', 'popular', 'discussed', 'trending'] as const;
export type Sort = (typeof SORTS)[number];

/**
 * A list's orders: the sorts, and with a search, best match first (title above description, whole words
 * above prefixes, then newest). Relevance is the order of a search that names none.
 */
export const LIST_SORTS = [...SORTS, 'relevance'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** The order a list request asks for, or, when it names none, best match first for a search, else newest. */
export function listSort(sort: ListSort | undefined, searched: boolean): ListSort {
  if (sort === undefined) return searched ? 'relevance' : 'new';
  return sort === 'relevance' && !searched ? 'new' : sort;
}

/**
 * Every answer stays one page however popular a portfolio gets (docs/decisions/0017-bounded-answers.md).
 * The shapes the original site's client reads (`likes` as ids, comment lists, a user's portfolios) keep
 * their form and hold up to these many; the new calls page the rest.
 */
export const BOUNDS = {
  /**
   * Comments in a portfolio's detail and in the answer to a comment written or deleted: the newest
   * threads, their shown replies counted.
   */
  detailComments: 20,
  /** Liker ids in a portfolio's `likes` (the viewer's own first, when they like it). */
  likeIds: 100,
  /** Entries in a user's `portfolios`: the newest. */
  userPortfolios: 20,
  /** Technologies in the list answered without a prefix: the most used. */
  technologies: 100,
  /**
   * Replies under each top-level comment in a page of comments: its newest, oldest first; GET
   * /portfolio/{id}/comments/{commentId}/replies pages the earlier ones.
   */
  threadReplies: 3,
  /** Items in a page of comments or likers. */
  pageItems: { default: 20, max: 50 },
  /** People listed in each of the caller's blocks and mutes (`GET /user/me/blocks`): the newest. */
  blockList: 500,
  /**
   * People one comment or description can notify by `@username` (the first ones written): more would
   * make a comment a mailing list (docs/decisions/0057-mentions.md).
   */
  mentions: 10,
  /** People suggested as one types a username after `@` (`GET /people/mentionable`). */
  mentionSuggestions: 8,
  /** Portfolios in a portfolio's "O‘xshash loyihalar" (`GET /portfolio/{id}/related`). */
  related: 6,
} as const;

/*
 * Codes the web app's pages list (forms, labels, the unsubscribe page): here, without zod, so a page that
 * only names them does not load the schemas.
 */

/** The kinds of notification; named in the catalog as `notifications.kinds.<kind>`. */
/** The kinds of notification that can also come by mail and Telegram (settings, unsubscribe links). */
export const NOTIFICATION_KINDS = ['comment', 'like', 'reply', 'mention', 'post'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/**
 * Every kind the bell shows: also `invite`, an invitation to be a co-author, which asks for an answer on
 * the site and so never comes by mail or Telegram (docs/decisions/0056-co-authors.md).
 */
export const BELL_KINDS = [...NOTIFICATION_KINDS, 'invite'] as const;
export type BellKind = (typeof BELL_KINDS)[number];

/** Why something is reported. */
export const REPORT_REASONS = ['spam', 'offensive', 'copyright', 'personal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const MODERATION_LIMITS = {
  /** Characters of a report's own words. */
  details: 500,
  /** Characters of an admin's reason, shown to the author or the blocked user. */
  reason: 300,
  /** The longest block with an end, in days; longer is "for good". */
  blockDays: 3650,
} as const;

/** Uzbekistan's 14 regions, in this order, and "abroad"; named in the catalog as `city.<code>`. */
export const CITIES = [
  'toshkent-shahri',
  'toshkent',
  'andijon',
  'buxoro',
  'fargona',
  'jizzax',
  'xorazm',
  'namangan',
  'navoiy',
  'qashqadaryo',
  'samarqand',
  'sirdaryo',
  'surxondaryo',
  'qoraqalpogiston',
  'boshqa',
] as const;
export type CityCode = (typeof CITIES)[number];

/** The kinds of work a person looks for; named in the catalog as `employment.<kind>`. */
export const EMPLOYMENT = ['full', 'part', 'freelance', 'internship'] as const;
export type Employment = (typeof EMPLOYMENT)[number];

/** Looking for work, open to offers, or neither (the default: nothing shown, not in the hiring filter). */
export const WORK_STATUS = ['looking', 'open', 'not'] as const;
export type WorkStatus = (typeof WORK_STATUS)[number];

/** An IT Park residency, a company, a university; named in the catalog as `affiliation.<kind>`. */
export const AFFILIATION_KIND = ['itpark', 'company', 'university'] as const;
export type AffiliationKind = (typeof AFFILIATION_KIND)[number];
