import { z } from 'zod';
import { BOUNDS, LIMITS, LIST_SORTS, MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';
import {
  booleanField,
  fileField,
  hasNul,
  httpUrl,
  intField,
  listField,
  NUL_MESSAGE,
  optionalHttpUrl,
  requiredText,
  splitList,
  withoutNul,
} from './fields.js';
import { WORK_STATUS } from './constants.js';
import { githubStatsSchema } from './github.js';
import { authorRefSchema, hiddenSchema, idSchema } from './users.js';

/** A portfolio's author, with whether they look for work: the badge shows on their cards and pages. */
export const portfolioAuthorSchema = authorRefSchema
  .extend({ openToWork: z.enum(WORK_STATUS) })
  .meta({ id: 'PortfolioAuthor' });
export type PortfolioAuthor = z.infer<typeof portfolioAuthorSchema>;

const isoDate = z.string().meta({ format: 'date-time' });

/** Technologies as typed: a list or comma-separated text, each item checked; none required. */
const technologyList = listField(LIMITS.technologies.itemMax, LIMITS.technologies.max, {
  item: 'validation.technologies.item',
  itemTooLong: 'validation.technologies.itemTooLong',
  list: 'validation.technologies.list',
  tooMany: 'validation.technologies.tooMany',
});

const technologiesField = withoutNul(
  technologyList.pipe(
    z
      .array(z.string())
      .min(LIMITS.technologies.min, { error: 'validation.technologies.required' })
      .max(LIMITS.technologies.max, { error: 'validation.technologies.tooMany' }),
  ),
);

const titleField = withoutNul(
  requiredText(LIMITS.title.min, LIMITS.title.max, {
    required: 'validation.title.required',
    tooShort: 'validation.title.tooShort',
    tooLong: 'validation.title.tooLong',
  }),
);
const urlField = withoutNul(
  httpUrl({
    required: 'validation.url.required',
    tooLong: 'validation.url.tooLong',
    format: 'validation.url.format',
  }),
);
const repoUrlField = withoutNul(
  optionalHttpUrl({
    required: 'validation.repoUrl.type',
    tooLong: 'validation.repoUrl.tooLong',
    format: 'validation.repoUrl.format',
  }),
);

const descriptionField = z.preprocess(
  (value) => (value === null || value === undefined ? '' : value),
  z
    .string({ error: 'validation.description.type' })
    .max(LIMITS.portfolioDescription.max, { error: 'validation.description.tooLong' })
    .refine((value) => !hasNul(value), { error: NUL_MESSAGE }),
);

/** Control characters (line breaks, tabs, U+0000) have no place in a picture's one-line description. */
const hasControlCharacter = (value: string) =>
  [...value].some((character) => {
    const code = character.codePointAt(0)!;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/**
 * The pictures' descriptions, one per picture of the gallery in its final order (docs/decisions/0049):
 * a repeated form field, or a JSON list. Each is trimmed; '' means the generated text.
 */
const imageAltsField = z
  .preprocess(
    (value) => (value === undefined || value === null || Array.isArray(value) ? value : [value]),
    z
      .array(
        z
          .string({ error: 'validation.imageAlt.type' })
          .trim()
          .max(LIMITS.imageAlt.max, { error: 'validation.imageAlt.tooLong' })
          .refine((value) => !hasControlCharacter(value), { error: 'validation.imageAlt.control' }),
        { error: 'validation.imageAlt.type' },
      )
      .max(LIMITS.images.maxFiles, { error: 'validation.imageAlt.tooMany' }),
  )
  .meta({
    description: `One description (alt text) per picture, in the gallery's final order: kept pictures, then new files. At most ${LIMITS.imageAlt.max} characters each; '' for none`,
  });

/** A portfolio is published (everyone sees it) or a draft its author alone sees (docs/decisions/0053-drafts.md). */
export const PORTFOLIO_STATUSES = ['draft', 'published'] as const;
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];

export const createPortfolioBodySchema = z
  .object({
    status: z.enum(PORTFOLIO_STATUSES, { error: 'validation.status.value' }).default('published').meta({
      description:
        '`draft` keeps the form as one of the author’s drafts (no pictures; nobody else sees it); `published` (the default) posts it',
    }),
    draftId: withoutNul(
      z.string({ error: 'validation.draftId.type' }).max(64, { error: 'validation.draftId.type' }),
    )
      .optional()
      .meta({
        description: 'Publishing one of the author’s drafts: the draft goes as the portfolio is posted',
      }),
    title: titleField,
    description: descriptionField.optional(),
    url: urlField,
    repoUrl: repoUrlField,
    used: technologiesField,
    images: fileField.optional(),
    imageAlts: imageAltsField.optional(),
    channelOptOut: booleanField.optional().meta({
      description: 'True: the site’s Telegram channel does not post it (“Kanalda e’lon qilinmasin”)',
    }),
  })
  .meta({ id: 'CreatePortfolioBody' });
export type CreatePortfolioBody = z.infer<typeof createPortfolioBodySchema>;

export const updatePortfolioBodySchema = z
  .object({
    title: titleField.optional(),
    description: descriptionField.optional(),
    url: urlField.optional(),
    repoUrl: repoUrlField,
    used: technologiesField.optional(),
    images: fileField.optional(),
    imageAlts: imageAltsField.optional(),
    channelOptOut: booleanField.optional().meta({
      description: 'True: the site’s Telegram channel does not post it, and deletes its post if there is one',
    }),
    keepImages: z
      .preprocess(splitList, z.array(z.string().max(200)).max(LIMITS.images.maxFiles * 4))
      .optional(),
  })
  .meta({ id: 'UpdatePortfolioBody' });
export type UpdatePortfolioBody = z.infer<typeof updatePortfolioBodySchema>;

export const portfolioListQuerySchema = z.object({
  page: intField(1, 1_000_000).default(1),
  limit: intField(1, MAX_PAGE_SIZE).default(PAGE_SIZE),
  filter: withoutNul(
    z.preprocess(
      (value) => (value === undefined ? [] : splitList(value)),
      z
        .array(z.string().max(LIMITS.technologies.itemMax, { error: 'validation.filter.itemTooLong' }))
        .max(LIMITS.technologies.max, { error: 'validation.filter.tooMany' }),
    ),
  ),
  q: withoutNul(z.string().trim().max(200, { error: 'validation.search.tooLong' })).optional(),
  sort: z.enum(LIST_SORTS).optional().meta({
    description:
      'new, popular, discussed, trending, or relevance (best match first: title above description, whole words above prefixes, then newest). Without it: relevance when `q` has words, else new',
  }),
  author: withoutNul(z.string().trim().max(100)).optional(),
});
export type PortfolioListQuery = z.infer<typeof portfolioListQuerySchema>;

export const commentSchema = z
  .object({
    _id: idSchema,
    body: z.string().meta({ description: 'As typed' }),
    bodyHtml: z.string().meta({
      description:
        'The body rendered: links (http(s), rel="nofollow ugc noopener"), inline code and code blocks; everything else as text',
    }),
    date: isoDate,
    editedAt: isoDate.nullable().meta({ description: 'When its writer last edited it; null if never' }),
    commentAuthor: authorRefSchema,
    parentId: idSchema.nullable().meta({
      description: 'The top-level comment whose thread this reply is in; null for a top-level comment',
    }),
    deleted: z.boolean().meta({
      description:
        'A top-level comment deleted while it has replies: kept for them, with an empty `body` and `bodyHtml`',
    }),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

/** A top-level comment with the newest of its replies. */
export const commentThreadSchema = commentSchema
  .extend({
    replies: z.array(commentSchema).meta({
      description: `Its newest ${BOUNDS.threadReplies} replies, oldest first`,
    }),
    repliesBefore: z.string().nullable().meta({
      description:
        'Cursor of its earlier replies: GET /portfolio/{id}/comments/{commentId}/replies?before={repliesBefore}; null when `replies` holds them all',
    }),
  })
  .meta({ id: 'CommentThread' });
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const portfolioSummarySchema = z
  .object({
    _id: idSchema,
    linktitle: z.string(),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    repoUrl: z.string().nullable(),
    images: z.array(z.string()),
    imageAlts: z.array(z.string()).meta({
      description: 'The description (alt text) of each of `images`, aligned with them; empty when none',
    }),
    used: z.array(z.string()),
    date: isoDate,
    updatedAt: isoDate,
    author: portfolioAuthorSchema,
    coauthors: z.array(portfolioAuthorSchema).optional().meta({
      description:
        'The people who accepted its owner’s invitation to be co-authors, in the order invited; absent when none',
    }),
    likesCount: z.number().int(),
    commentsCount: z.number().int(),
    likedByMe: z.boolean(),
    github: githubStatsSchema.optional().meta({
      description:
        'Its repository’s stars and main language, when it is on GitHub and has been checked (daily)',
    }),
  })
  .meta({ id: 'PortfolioSummary' });
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

export const portfolioSchema = portfolioSummarySchema
  .extend({
    descriptionHtml: z.string().meta({
      description:
        'The Markdown description rendered by the server: raw HTML shown as text, only http(s), mailto and in-site links',
    }),
    likes: z.array(idSchema).meta({
      description: `Ids of users who like it, for clients that count them: the viewer's own first when they like it, then the newest, at most ${BOUNDS.likeIds}. \`likesCount\` is the number; GET /portfolio/{id}/likes pages them all.`,
    }),
    comments: z.array(commentThreadSchema).meta({
      description: `The newest ${BOUNDS.detailComments} top-level comments, newest first, each with its newest replies. \`commentsCount\` is the number; GET /portfolio/{id}/comments?before={commentsNext} pages the older ones.`,
    }),
    commentsNext: z.string().nullable().meta({
      description: 'Cursor of the comments older than those in `comments`; null when there are none',
    }),
    hidden: hiddenSchema.nullable().optional().meta({
      description: 'Why a moderator hid the portfolio: present only to its author and to admins',
    }),
    channelOptOut: z.boolean().optional().meta({
      description: 'True when its author asked the site’s Telegram channel not to post it',
    }),
  })
  .meta({ id: 'Portfolio' });
export type Portfolio = z.infer<typeof portfolioSchema>;

export const portfolioPageSchema = z
  .object({
    items: z.array(portfolioSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    pageCount: z.number().int(),
    suggestion: z.string().optional().meta({
      description:
        'When `q` found few or none: the query with its misspelt words (five letters or more) replaced by close indexed words that find more',
    }),
  })
  .meta({ id: 'PortfolioPage' });
export type PortfolioPage = z.infer<typeof portfolioPageSchema>;

export const relatedPortfoliosSchema = z.array(portfolioSummarySchema).max(BOUNDS.related).meta({
  id: 'RelatedPortfolios',
  description:
    '"O‘xshash loyihalar": portfolios sharing the most technologies and title words, best first; never the portfolio itself, its author’s, a hidden one or two of one author',
});
export type RelatedPortfolios = z.infer<typeof relatedPortfoliosSchema>;

const cursorDescription =
  'An opaque cursor from a previous page (`next`): the items older than the last one it showed. Stable while items are added or removed.';

export const pageQuerySchema = z.object({
  before: withoutNul(z.string().max(200)).optional().meta({ description: cursorDescription }),
  limit: intField(1, BOUNDS.pageItems.max).default(BOUNDS.pageItems.default),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const commentPageSchema = z
  .object({
    items: z.array(commentThreadSchema),
    next: z.string().nullable().meta({ description: 'Cursor of the next (older) page; null at the end' }),
  })
  .meta({ id: 'CommentPage' });
export type CommentPage = z.infer<typeof commentPageSchema>;

export const replyPageSchema = z
  .object({
    items: z.array(commentSchema).meta({ description: 'Replies, newest first' }),
    next: z.string().nullable().meta({ description: 'Cursor of the earlier replies; null at the end' }),
  })
  .meta({ id: 'ReplyPage' });
export type ReplyPage = z.infer<typeof replyPageSchema>;

export const likerSchema = z.object({ user: authorRefSchema, date: isoDate }).meta({ id: 'Liker' });
export type Liker = z.infer<typeof likerSchema>;

export const likerPageSchema = z
  .object({
    items: z.array(likerSchema),
    next: z.string().nullable().meta({ description: 'Cursor of the next (older) page; null at the end' }),
  })
  .meta({ id: 'LikerPage' });
export type LikerPage = z.infer<typeof likerPageSchema>;

export const technologiesQuerySchema = z.object({
  q: withoutNul(z.string().trim().max(LIMITS.technologies.itemMax)).optional().meta({
    description: 'Only technologies whose name starts with this (any case), for suggestions while typing',
  }),
  limit: intField(1, BOUNDS.technologies).default(BOUNDS.technologies),
});

export const technologySchema = z
  .object({ name: z.string(), count: z.number().int() })
  .meta({ id: 'Technology' });
export type Technology = z.infer<typeof technologySchema>;

export const likeResultSchema = z
  .object({ count: z.number().int(), isLiked: z.boolean() })
  .meta({ id: 'LikeResult' });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const commentBodySchema = z
  .object({
    body: z
      .string({ error: 'validation.comment.required' })
      // Far too long is refused before anything is trimmed; the limit is the trimmed length.
      .refine((value) => value.length <= LIMITS.comment.max * 4, {
        error: 'validation.comment.tooLong',
        params: { max: LIMITS.comment.max },
        abort: true,
      })
      .refine((value) => value.trim().length >= LIMITS.comment.min, { error: 'validation.comment.required' })
      .refine((value) => value.trim().length <= LIMITS.comment.max, {
        error: 'validation.comment.tooLong',
        params: { max: LIMITS.comment.max },
      })
      .refine((value) => !hasNul(value), { error: NUL_MESSAGE }),
  })
  .meta({ id: 'CommentBody' });
export type CommentBody = z.infer<typeof commentBodySchema>;

/** A new comment: its text, and the comment it answers when it is a reply. */
export const newCommentBodySchema = commentBodySchema
  .extend({
    parentId: z
      .string({ error: 'validation.comment.parent' })
      .regex(/^[0-9a-f]{24}$/, { error: 'validation.comment.parent' })
      .optional()
      .meta({
        description:
          'The comment it answers, of the same portfolio; a reply to a reply answers the same thread',
      }),
  })
  .meta({ id: 'NewCommentBody' });
export type NewCommentBody = z.infer<typeof newCommentBodySchema>;

export const deleteCommentQuerySchema = z.object({
  // `?index=` is no position at all: coerced, it would be 0 and delete the newest comment.
  index: z.preprocess((value) => (value === '' ? undefined : value), intField(0, 1_000_000).optional()),
  commentId: idSchema.optional(),
});

export const portfolioParamsSchema = z.object({ id: z.string().min(1).max(300) });
/** A comment of a portfolio: the portfolio's id or linktitle, and the comment's id. */
export const commentParamsSchema = portfolioParamsSchema.extend({ commentId: idSchema });

export const portfolioViewsSchema = z
  .object({
    days: z
      .array(z.object({ date: z.string().meta({ format: 'date' }), viewers: z.number().int() }))
      .meta({ description: 'The last 30 days, oldest first, today last (UTC)' }),
    total: z.number().int().meta({ description: 'Unique viewers summed over the days' }),
  })
  .meta({ id: 'PortfolioViews' });
export type PortfolioViews = z.infer<typeof portfolioViewsSchema>;

/**
 * A draft as its author types it: every field may still be empty or unfinished (checked on publishing), but
 * none may be longer than a portfolio's nor hold U+0000.
 */
export const draftBodySchema = z
  .object({
    title: withoutNul(
      z
        .string({ error: 'validation.title.required' })
        .max(LIMITS.title.max, { error: 'validation.title.tooLong' }),
    ).optional(),
    description: descriptionField.optional(),
    url: withoutNul(
      z.string({ error: 'validation.url.required' }).max(LIMITS.url.max, { error: 'validation.url.tooLong' }),
    ).optional(),
    repoUrl: withoutNul(
      z
        .string({ error: 'validation.repoUrl.type' })
        .max(LIMITS.url.max, { error: 'validation.repoUrl.tooLong' }),
    ).optional(),
    used: withoutNul(technologyList).optional(),
  })
  .meta({ id: 'DraftBody' });
export type DraftBody = z.infer<typeof draftBodySchema>;

export const draftSchema = z
  .object({
    _id: idSchema,
    status: z.literal('draft'),
    title: z.string(),
    description: z.string(),
    url: z.string(),
    repoUrl: z.string(),
    used: z.array(z.string()),
    date: isoDate,
    updatedAt: isoDate,
  })
  .meta({ id: 'Draft' });
export type Draft = z.infer<typeof draftSchema>;

export const draftParamsSchema = z.object({ id: withoutNul(z.string().max(64)) });

/** A description to see as the portfolio page will show it ("Ko‘rib chiqish"). */
export const previewBodySchema = z.object({ description: descriptionField }).meta({ id: 'PreviewBody' });
export const previewSchema = z
  .object({
    descriptionHtml: z.string().meta({ description: 'Rendered by the renderer of the portfolio page' }),
  })
  .meta({ id: 'Preview' });
export type Preview = z.infer<typeof previewSchema>;

/** `POST /portfolio/{id}/coauthors`: the owner invites someone by username. */
export const coauthorInviteBodySchema = z
  .object({
    username: withoutNul(z.string().trim().min(1, { error: 'validation.coauthor.username' }).max(100)),
  })
  .meta({ id: 'CoauthorInviteBody' });
export type CoauthorInviteBody = z.infer<typeof coauthorInviteBodySchema>;

/** One invited or credited person, as the portfolio's owner sees them. */
export const coauthorSchema = authorRefSchema
  .extend({
    status: z.enum(['invited', 'accepted']).meta({
      description: '`invited` until they accept; only `accepted` co-authors are shown anywhere else',
    }),
  })
  .meta({ id: 'Coauthor' });
export type Coauthor = z.infer<typeof coauthorSchema>;
