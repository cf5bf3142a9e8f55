import { createHash } from 'node:crypto';
import type { Document } from 'bson';
import { baseLinktitle, numberedLinktitle, technologySlug } from '../data/naming.js';
import { isOriginalHash } from '../modules/passwords/passwords.js';
import { type Dump, idOf } from './dump.js';
import { keptTechnologyName, RESERVED_USERNAMES } from '@portfolio-master/contract';

/**
 * Turns the original site's documents into our rows, deciding every messy case by the rules of
 * docs/decisions/0030-importing-the-original-site.md. Pure: what the database already holds comes in
 * as `Existing`, so the same dump and database always give the same plan, and a second run plans the
 * same rows (then found already there).
 */

/** Each kind of problem the import meets, with the rule that decides it (as the decision record words it). */
export const PROBLEMS = {
  'user-without-id': 'user without an ObjectId _id: skipped (nothing could point at it)',
  'username-missing': 'user without a username: named user_<last 6 of its id>',
  'username-taken': 'username equal to an earlier account’s but for case: the later one gets _2, _3, ...',
  'username-too-long': 'username longer than 30 characters: cut to 30',
  'email-missing': 'user without an email: given <id>@original.invalid (signs in by username)',
  'email-duplicate':
    'email equal to an earlier account’s but for case: the later one gets <id>@original.invalid',
  'password-unusable': 'password that is not a bcrypt hash: kept unusable (a reset by mail sets one)',
  'name-too-long': 'first or last name longer than 50 characters: cut to 50',
  'date-missing': 'registration, portfolio or comment date missing or unreadable: the ObjectId’s time',
  'portfolio-without-id': 'portfolio without an ObjectId _id: skipped',
  'portfolio-without-author': 'portfolio whose author is gone and that no user lists: skipped',
  'author-from-user-list':
    'portfolio whose author is gone or unset: given to the user whose portfolios list it',
  'user-list-disagrees': 'user’s portfolios[] naming a portfolio of another author or none: the author wins',
  'title-missing': 'portfolio without a title: titled "Nomsiz portfolio"',
  'title-too-long': 'title longer than 120 characters: cut to 120',
  'linktitle-missing': 'empty linktitle: a new one from username and title',
  'linktitle-duplicate': 'linktitle of an earlier portfolio: the later one gets a new one',
  'linktitle-unsafe':
    'linktitle holding / ? # %, spaces or over 300 characters: a new one ' +
    '(the old one, if not over 300, still leads to it)',
  'used-as-string': '`used` as one comma-separated string: split on commas',
  'used-entry-with-commas': '`used` entry naming several technologies ("React,Node.js"): split on commas',
  'technology-duplicate': 'the same technology twice in `used` (case or spaces aside): listed once',
  'technology-too-long': 'technology name over 40 characters: cut to 40',
  'technologies-missing': 'portfolio without technologies: listed under "Boshqa"',
  'like-by-missing-user': 'like by a user not in the dump: dropped',
  'like-twice': 'second like by the same user: dropped',
  'comment-without-author': 'comment whose author is gone: dropped',
  'comment-without-portfolio': 'comment whose portfolio is gone: dropped',
  'comment-empty': 'comment without text: dropped',
  'image-missing': 'image named but not in GridFS: left out',
  'image-incomplete': 'GridFS file with chunks missing or of the wrong length: left out',
  'image-undecodable': 'GridFS file that is no readable JPEG, PNG, WebP, AVIF or GIF: left out',
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

/** How many of each problem, with a few examples to look at. */
export class Problems {
  readonly found = new Map<ProblemKind, { count: number; examples: string[] }>();

  add(kind: ProblemKind, example: string): void {
    const entry = this.found.get(kind) ?? { count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < 3) entry.examples.push(example);
    this.found.set(kind, entry);
  }

  count(kind: ProblemKind): number {
    return this.found.get(kind)?.count ?? 0;
  }
}

/** What the database holds before the run: who has which name, address and link. */
export interface Existing {
  /** lower(username) → user id. */
  usernames: Map<string, string>;
  /** email → user id. */
  emails: Map<string, string>;
  /** linktitle → portfolio id. */
  linktitles: Map<string, string>;
  /** Old linktitle still leading to a portfolio → its id. */
  aliases: Map<string, string>;
}

export interface PlannedUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  /** The original's image name (resolved to a stored image when written). */
  image: string | null;
  isAdmin: boolean;
  description: string;
  skills: string[];
  githubProfile: string;
  telegramProfile: string;
  createdAt: string;
}

export interface PlannedComment {
  id: string;
  authorId: string;
  body: string;
  createdAt: string;
}

export interface PlannedPortfolio {
  id: string;
  authorId: string;
  title: string;
  linktitle: string;
  /** The original's linktitle when it had to change, kept as an address that still leads here. */
  oldLinktitle: string | null;
  description: string;
  url: string;
  repoUrl: string | null;
  technologies: string[];
  /** The original's image names, in gallery order. */
  images: string[];
  /** User ids, each once. */
  likes: string[];
  comments: PlannedComment[];
  createdAt: string;
}

export interface Plan {
  users: PlannedUser[];
  portfolios: PlannedPortfolio[];
  problems: Problems;
}

const LIMIT = { username: 30, name: 50, title: 120, technology: 40, linktitle: 300 } as const;
const NO_PASSWORD = '!imported-without-password';
const UNTITLED = 'Nomsiz portfolio';
const OTHER_TECHNOLOGY = 'Boshqa';

export function planImport(dump: Dump, existing: Existing): Plan {
  const problems = new Problems();
  const users = planUsers(dump.users, existing, problems);
  const usernames = new Map(users.map((user) => [user.id, user.username]));
  const portfolios = planPortfolios(dump, usernames, existing, problems);
  return { users, portfolios, problems };
}

function planUsers(documents: readonly Document[], existing: Existing, problems: Problems): PlannedUser[] {
  const read: PlannedUser[] = [];
  for (const document of documents) {
    const id = idOf(document._id);
    if (!id) {
      problems.add('user-without-id', String(document.username ?? document.email ?? '?'));
      continue;
    }
    let createdAt = dateOf(document.registeredDate ?? document.createdAt);
    if (!createdAt) {
      problems.add('date-missing', `user ${id}`);
      createdAt = timeOfId(id);
    }
    const password = typeof document.password === 'string' ? document.password : '';
    const usable = isOriginalHash(password);
    if (!usable) problems.add('password-unusable', id);
    read.push({
      id,
      username: text(document.username),
      email: text(document.email).toLowerCase(),
      passwordHash: usable ? password : NO_PASSWORD,
      firstname: cut(text(document.firstname), LIMIT.name, () => problems.add('name-too-long', id)),
      lastname: cut(text(document.lastname), LIMIT.name, () => problems.add('name-too-long', id)),
      image: text(document.image) || null,
      isAdmin: document.isAdmin === true,
      description: text(document.description ?? document.bio),
      skills: skillsOf(document.skills),
      githubProfile: text(document.githubProfile),
      telegramProfile: text(document.telegramProfile),
      createdAt,
    });
  }
  // The earliest account keeps a contested name or address.
  read.sort(byCreation);
  const usernames = new Map(existing.usernames);
  // Names of fixed routes under /user are nobody's.
  for (const reserved of RESERVED_USERNAMES) usernames.set(reserved, '');
  const emails = new Map(existing.emails);
  for (const user of read) {
    let username = user.username;
    if (!username) {
      problems.add('username-missing', user.id);
      username = `user_${user.id.slice(-6)}`;
    }
    username = cut(username, LIMIT.username, () => problems.add('username-too-long', user.id));
    const base = username;
    for (let n = 2; isTakenByOther(usernames, username.toLowerCase(), user.id); n += 1) {
      if (n === 2) problems.add('username-taken', `${user.username} (${user.id})`);
      const suffix = `_${n}`;
      username = `${base.slice(0, LIMIT.username - suffix.length)}${suffix}`;
    }
    usernames.set(username.toLowerCase(), user.id);
    user.username = username;

    const placeholder = `${user.id}@original.invalid`;
    if (!user.email) {
      problems.add('email-missing', user.id);
      user.email = placeholder;
    } else if (isTakenByOther(emails, user.email, user.id)) {
      problems.add('email-duplicate', `${user.email} (${user.id})`);
      user.email = placeholder;
    }
    emails.set(user.email, user.id);
  }
  return read;
}

function planPortfolios(
  dump: Dump,
  usernames: ReadonlyMap<string, string>,
  existing: Existing,
  problems: Problems,
): PlannedPortfolio[] {
  // Who lists which portfolio: the fallback owner, and what the report compares with `author`.
  const listedBy = new Map<string, string>();
  for (const user of dump.users) {
    const userId = idOf(user._id);
    if (!userId || !usernames.has(userId) || !Array.isArray(user.portfolios)) continue;
    for (const entry of user.portfolios) {
      const portfolioId = idOf(entry);
      if (!portfolioId) continue;
      const first = listedBy.get(portfolioId);
      if (first === undefined) listedBy.set(portfolioId, userId);
      // A portfolio listed by two users: the second listing disagrees too.
      else if (first !== userId) problems.add('user-list-disagrees', portfolioId);
    }
  }
  const comments = commentsByPortfolio(dump, usernames, problems);

  const planned: PlannedPortfolio[] = [];
  const seen = new Set<string>();
  for (const document of dump.portfolios) {
    const id = idOf(document._id);
    if (!id || seen.has(id)) {
      problems.add('portfolio-without-id', String(document.title ?? '?'));
      continue;
    }
    seen.add(id);
    let authorId = idOf(document.author);
    if (!authorId || !usernames.has(authorId)) {
      authorId = listedBy.get(id);
      if (!authorId) {
        problems.add('portfolio-without-author', id);
        for (const comment of comments.get(id) ?? []) problems.add('comment-without-portfolio', comment.id);
        continue;
      }
      problems.add('author-from-user-list', id);
    }
    let createdAt = dateOf(document.date ?? document.createdAt);
    if (!createdAt) {
      problems.add('date-missing', `portfolio ${id}`);
      createdAt = timeOfId(id);
    }
    let title = text(document.title);
    if (!title) {
      problems.add('title-missing', id);
      title = UNTITLED;
    }
    planned.push({
      id,
      authorId,
      title: cut(title, LIMIT.title, () => problems.add('title-too-long', id)),
      linktitle: text(document.linktitle),
      oldLinktitle: null,
      description: text(document.description),
      url: text(document.url),
      repoUrl: text(document.repoUrl) || null,
      technologies: technologiesOf(document.used, id, problems),
      images: listOf(document.images).list,
      likes: likesOf(document.likes, id, usernames, problems),
      comments: comments.get(id) ?? [],
      createdAt,
    });
  }
  const authors = new Map(planned.map((portfolio) => [portfolio.id, portfolio.authorId]));
  for (const [portfolioId, userId] of listedBy) {
    if (authors.get(portfolioId) !== userId) problems.add('user-list-disagrees', portfolioId);
  }

  // The earliest portfolio keeps a contested linktitle.
  planned.sort(byCreation);
  const linktitles = new Map(existing.linktitles);
  const aliases = new Map(existing.aliases);
  for (const portfolio of planned) {
    const kept = portfolio.linktitle;
    const problem: ProblemKind | undefined = !kept
      ? 'linktitle-missing'
      : /[/?#%\s]/u.test(kept) || kept.length > LIMIT.linktitle
        ? 'linktitle-unsafe'
        : isTakenByOther(linktitles, kept, portfolio.id)
          ? 'linktitle-duplicate'
          : undefined;
    if (problem) {
      problems.add(problem, `${kept || '(empty)'} (${portfolio.id})`);
      const base = baseLinktitle(usernames.get(portfolio.authorId)!, portfolio.title);
      let n = 1;
      while (isTakenByOther(linktitles, numberedLinktitle(base, n), portfolio.id)) n += 1;
      portfolio.linktitle = numberedLinktitle(base, n);
      // An empty one was no address, and one longer than any linktitle is none we answer.
      if (kept && kept.length <= LIMIT.linktitle && !isTakenByOther(aliases, kept, portfolio.id)) {
        portfolio.oldLinktitle = kept;
        aliases.set(kept, portfolio.id);
      }
    }
    linktitles.set(portfolio.linktitle, portfolio.id);
  }
  return planned;
}

/**
 * Comments come from the `comments` collection (each naming its portfolio, or listed in a portfolio's
 * `comments`) and from comment objects kept inside a portfolio's `comments`; one with the same id is one.
 */
function commentsByPortfolio(
  dump: Dump,
  usernames: ReadonlyMap<string, string>,
  problems: Problems,
): Map<string, PlannedComment[]> {
  const portfolioIds = new Set(dump.portfolios.map((portfolio) => idOf(portfolio._id)));
  const listedIn = new Map<string, string>();
  const candidates: { document: Document; id: string; portfolioId: string | undefined }[] = [];
  for (const portfolio of dump.portfolios) {
    const portfolioId = idOf(portfolio._id);
    if (!portfolioId || !Array.isArray(portfolio.comments)) continue;
    portfolio.comments.forEach((entry: unknown, index: number) => {
      if (entry && typeof entry === 'object' && 'body' in entry) {
        const document = entry as Document;
        const id = idOf(document._id) ?? derivedId(document, `${portfolioId}/${index}`);
        candidates.push({ document, id, portfolioId });
      } else {
        const id = idOf(entry);
        if (id) listedIn.set(id, portfolioId);
      }
    });
  }
  for (const document of dump.comments) {
    const id = idOf(document._id) ?? derivedId(document, JSON.stringify(document));
    const portfolioId = idOf(document.portfolio) ?? listedIn.get(id);
    candidates.push({ document, id, portfolioId });
  }

  const planned = new Map<string, PlannedComment[]>();
  const seen = new Set<string>();
  for (const { document, id, portfolioId } of candidates) {
    if (seen.has(id)) continue;
    seen.add(id);
    const authorId = idOf(document.commentAuthor ?? document.author);
    const body = text(document.body);
    if (!portfolioId || !portfolioIds.has(portfolioId)) {
      problems.add('comment-without-portfolio', id);
    } else if (!authorId || !usernames.has(authorId)) {
      problems.add('comment-without-author', id);
    } else if (!body) {
      problems.add('comment-empty', id);
    } else {
      let createdAt = dateOf(document.date ?? document.createdAt);
      if (!createdAt) {
        problems.add('date-missing', `comment ${id}`);
        createdAt = timeOfId(id);
      }
      const list = planned.get(portfolioId) ?? [];
      list.push({ id, authorId, body, createdAt });
      planned.set(portfolioId, list);
    }
  }
  return planned;
}

function technologiesOf(value: unknown, portfolioId: string, problems: Problems): string[] {
  const { list, fromString } = listOf(value);
  if (fromString) problems.add('used-as-string', portfolioId);
  // The original saved its form's field as `used.split(", ")`, so one entry can still name several.
  else if (list.some((entry) => entry.includes(','))) problems.add('used-entry-with-commas', portfolioId);
  const names = list.flatMap((entry) => listOf(entry).list);
  const bySlug = new Map<string, string>();
  for (const raw of names) {
    const name = keptTechnologyName(
      cut(raw.replace(/\s+/g, ' '), LIMIT.technology, () =>
        problems.add('technology-too-long', `${raw} (${portfolioId})`),
      ),
    );
    const slug = technologySlug(name);
    if (bySlug.has(slug)) problems.add('technology-duplicate', `${raw} (${portfolioId})`);
    else bySlug.set(slug, name);
  }
  if (bySlug.size === 0) {
    problems.add('technologies-missing', portfolioId);
    return [OTHER_TECHNOLOGY];
  }
  return [...bySlug.values()];
}

function likesOf(
  value: unknown,
  portfolioId: string,
  usernames: ReadonlyMap<string, string>,
  problems: Problems,
): string[] {
  const likes = new Set<string>();
  for (const entry of Array.isArray(value) ? value : []) {
    const userId = idOf(entry);
    if (!userId || !usernames.has(userId)) problems.add('like-by-missing-user', `${portfolioId}`);
    else if (likes.has(userId)) problems.add('like-twice', `${userId} on ${portfolioId}`);
    else likes.add(userId);
  }
  return [...likes];
}

/** A list field as the original stored it: an array, or one comma-separated string; trimmed, no empties. */
function listOf(value: unknown): { list: string[]; fromString: boolean } {
  const fromString = typeof value === 'string';
  const items: unknown[] = Array.isArray(value) ? value : fromString ? value.split(',') : [];
  return { list: items.map((item) => text(item)).filter((item) => item !== ''), fromString };
}

/** Skills once each, case aside; the first spelling wins. */
function skillsOf(value: unknown): string[] {
  const seen = new Set<string>();
  return listOf(value).list.filter((skill) => {
    const key = skill.toLowerCase();
    return !seen.has(key) && seen.add(key);
  });
}

function dateOf(value: unknown): string | undefined {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' || typeof value === 'number'
        ? new Date(value)
        : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

function timeOfId(id: string): string {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000).toISOString();
}

/** A stable id for a comment that had none: the same document gets the same id on every run. */
function derivedId(document: Document, key: string): string {
  const seconds = Math.floor(new Date(dateOf(document.date) ?? 0).getTime() / 1000);
  const hash = createHash('sha256').update(key).digest('hex');
  return seconds.toString(16).padStart(8, '0').slice(-8) + hash.slice(0, 16);
}

/** Trimmed, without NUL characters (which PostgreSQL text cannot hold); '' for what is not a string. */
function text(value: unknown): string {
  return typeof value === 'string' ? value.replaceAll('\u0000', '').trim() : '';
}

function cut(value: string, max: number, onCut: () => void): string {
  if (Array.from(value).length <= max) return value;
  onCut();
  return Array.from(value).slice(0, max).join('');
}

function isTakenByOther(taken: ReadonlyMap<string, string>, key: string, id: string): boolean {
  const holder = taken.get(key);
  return holder !== undefined && holder !== id;
}

function byCreation(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
}
