import { type Insertable, type InsertObject, type Kysely, sql, type Transaction } from 'kysely';
import { hashPassword } from '../modules/passwords/passwords.js';
import { baseLinktitle, numberedLinktitle, technologySlug } from '../data/naming.js';
import { rebuildSearchTerms, searchEntry, searchKeyBase, titleWords } from '../data/search.repository.js';
import type { Dialect } from '../db/database.js';
import { type DatabaseWithSearch, MultiRowWriter, type SearchTables } from '../db/multi-row-insert.js';
import type { Database } from '../db/schema.js';
import { refreshStatistics } from '../db/statistics.js';
import { DEMO_PASSWORD } from './demo-content.js';
import { apportion, Random, SeededIds, WeightedSampler, zipfWeights } from './random.js';
import { words } from './words.js';

/**
 * Fills a database with a large, deterministic data set for load tests: users, portfolios with
 * technologies and search entries, likes and comments, with every stored counter exact.
 *
 * Everything is planned in memory first (who wrote what, when, how many likes and comments each
 * portfolio gets), so the counters are known before a row is written; then rows go in as multi-row
 * INSERTs inside one transaction, a chunk of portfolios at a time with their dependants, which keeps
 * memory flat and needs no fix-up UPDATE at the end.
 */

export interface BulkOptions {
  users: number;
  portfolios: number;
  likes: number;
  comments: number;
  seed: string;
  /** Delete every row (and report the image files to remove) before seeding. */
  reset: boolean;
  /** The newest date in the data; defaults to the start of the current UTC day. */
  until?: Date;
}

export interface BulkResult {
  /** Image files that belonged to deleted rows; the caller removes them once the transaction is in. */
  removedImages: string[];
}

export type Progress = (message: string) => void;

/** Every bulk user signs in with the demo password. */
export const BULK_PASSWORD = DEMO_PASSWORD;
/** A word about 5% of bulk portfolios are found by (title or description): handy for search benchmarks. */
export const SAMPLE_SEARCH_WORD = 'kutubxona';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const HISTORY = 3 * 365 * DAY;
/** Portfolios handled per round trip of inserts. */
const CHUNK = 2000;
/** How many technologies a portfolio lists, 1 to 6. */
const TECHNOLOGY_COUNT_WEIGHTS = [10, 20, 25, 22, 13, 10];

type Executor = Transaction<DatabaseWithSearch>;

interface Plan {
  until: number;
  since: number;
  userIds: string[];
  userCreated: Float64Array;
  portfolioTime: Float64Array;
  portfolioAuthor: Int32Array;
  likeCounts: Int32Array;
  commentCounts: Int32Array;
  /** Technologies of portfolio i are technologyChoice[6i .. 6i + technologyCount[i]). */
  technologyChoice: Uint16Array;
  technologyCount: Uint8Array;
  technologyUses: Int32Array;
}

export function validateBulkOptions(options: BulkOptions): string | null {
  for (const key of ['users', 'portfolios', 'likes', 'comments'] as const) {
    const value = options[key];
    if (!Number.isInteger(value) || value < 0) return `--${key} must be a whole number ≥ 0`;
  }
  if (options.users < 1 && options.portfolios + options.likes + options.comments > 0) {
    return 'portfolios, likes and comments need at least one user';
  }
  if (options.portfolios < 1 && options.likes + options.comments > 0) {
    return 'likes and comments need at least one portfolio';
  }
  if (options.likes > options.users * options.portfolios) {
    return `--likes cannot exceed users × portfolios (${options.users * options.portfolios}): a user likes a portfolio once`;
  }
  return null;
}

export async function seedBulk(
  db: Kysely<Database>,
  dialect: Dialect,
  options: BulkOptions,
  progress: Progress = () => undefined,
): Promise<BulkResult> {
  const problem = validateBulkOptions(options);
  if (problem) throw new Error(problem);
  let phaseStart = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    progress(`${name}: ${((now - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = now;
  };

  const random = new Random(options.seed);
  const plan = makePlan(random.fork('plan'), options);
  const passwordHash = await hashPassword(BULK_PASSWORD);
  phase('plan');

  let removedImages: string[] = [];
  const restoreCache = dialect === 'sqlite' ? await enlargeSqliteCache(db) : async () => undefined;
  try {
    await db
      .withTables<SearchTables>()
      .transaction()
      .execute(async (trx) => {
        removedImages = await prepareDatabase(trx, dialect, options.reset);
        phase(options.reset ? 'reset' : 'check');
        const writer = new MultiRowWriter(trx, dialect);
        const people = await insertUsers(
          writer,
          random.fork('users'),
          plan,
          options.users,
          passwordHash,
          progress,
        );
        phase('users');
        const technologyIds = await insertTechnologies(writer, random.fork('technologies'), plan);
        phase('technologies');
        await insertPortfolios(
          writer,
          random.fork('portfolios'),
          plan,
          options,
          { people, technologyIds },
          progress,
        );
        phase('portfolios, technologies, search, likes, comments');
        const spent = [...writer.spent].map(([table, ms]) => `${table} ${(ms / 1000).toFixed(1)} s`);
        progress(`  of which inserting: ${spent.join(', ')}`);
        if (dialect === 'sqlite') {
          await sql`insert into portfolio_search (portfolio_search) values ('optimize')`.execute(trx);
          phase('search index optimize');
        }
        await rebuildSearchTerms(trx as unknown as Parameters<typeof rebuildSearchTerms>[0], dialect);
        phase('search words');
      });
  } finally {
    await restoreCache();
  }
  phase('commit');
  // Fresh statistics, so the planner sees the real table sizes from the first query. On PostgreSQL also
  // VACUUM: the search vectors written after the rows left a dead version of most portfolios, and until
  // the pages are marked all-visible an index walk (a deep page) checks every entry in the table.
  await refreshStatistics(db, dialect);
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
  phase('analyze');
  return { removedImages };
}

/** A 256 MB page cache for this connection while seeding speeds up index building a lot. */
async function enlargeSqliteCache(db: Kysely<Database>): Promise<() => Promise<void>> {
  const previous = await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  await sql`pragma cache_size = -262144`.execute(db);
  return async () => {
    await sql.raw(`pragma cache_size = ${Number(previous.rows[0]?.cache_size ?? -2000)}`).execute(db);
  };
}

/** Refuses to mix with existing data unless asked to wipe it; returns the image files of wiped rows. */
async function prepareDatabase(trx: Executor, dialect: Dialect, reset: boolean): Promise<string[]> {
  const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!existing) return [];
  if (!reset) throw new Error('The database already has users; pass --reset to replace all its data.');
  const images = await trx.selectFrom('images').select('filename').execute();
  const tables = [
    'moderation_log',
    'reports',
    'portfolio_views',
    'view_salts',
    'telegram_outbox',
    'telegram_fanouts',
    'telegram_channel_posts',
    'telegram_digests',
    'notifications',
    'notification_settings',
    'bookmarks',
    'person_blocks',
    'portfolio_drafts',
    'portfolio_authors',
    'comment_revisions',
    'comments',
    'likes',
    'portfolio_technologies',
    'portfolio_aliases',
    'profile_pins',
    'original_images',
    'images',
    'technology_redirects',
    'technologies',
    'portfolios',
    'sessions',
    'email_verifications',
    'password_resets',
    'email_changes',
    'telegram_link_tokens',
    'follows',
    'users',
  ] as const;
  if (dialect === 'postgres') {
    await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
    await sql`truncate table search_terms`.execute(trx);
  } else {
    await sql`delete from portfolio_search`.execute(trx);
    await sql`delete from portfolio_search_keys`.execute(trx);
    await sql`delete from search_terms`.execute(trx);
    await sql`delete from search_terms_trigram`.execute(trx);
    for (const table of tables) await trx.deleteFrom(table).execute();
  }
  return images.map((image) => image.filename);
}

function makePlan(random: Random, options: BulkOptions): Plan {
  const until = (options.until ?? startOfUtcDay(new Date())).getTime();
  const since = until - HISTORY;
  const { users, portfolios } = options;

  // A growing site: newer months have more portfolios (density rises linearly towards `until`).
  const portfolioTime = new Float64Array(portfolios);
  for (let i = 0; i < portfolios; i += 1) {
    portfolioTime[i] = since + 30 * DAY + Math.sqrt(random.next()) * (HISTORY - 30 * DAY - HOUR);
  }
  portfolioTime.sort();

  // A few prolific authors and a long tail; some users never post.
  const authorSampler = new WeightedSampler(zipfWeights(users, 0.9, 3, random), random);
  const portfolioAuthor = new Int32Array(portfolios);
  const firstPortfolio = new Float64Array(users).fill(Infinity);
  for (let i = 0; i < portfolios; i += 1) {
    const author = authorSampler.next();
    portfolioAuthor[i] = author;
    if ((portfolioTime[i] as number) < (firstPortfolio[author] as number)) {
      firstPortfolio[author] = portfolioTime[i] as number;
    }
  }
  const userCreated = new Float64Array(users);
  for (let u = 0; u < users; u += 1) {
    const latest = Math.min((firstPortfolio[u] as number) - HOUR, until - HOUR);
    userCreated[u] = random.between(since, latest);
  }
  const userIdGenerator = new SeededIds(random.fork('user ids'));
  const userIds = Array.from(userCreated, (created) => userIdGenerator.next(created));

  // Popularity follows a Zipf–Mandelbrot curve; no portfolio can have more likes than there are users.
  const popularity = zipfWeights(portfolios, 1, 10, random);
  const likeCounts = apportion(options.likes, popularity, users);
  const discussion = popularity.map((weight) => weight * (0.5 + random.next()));
  const commentCounts = apportion(options.comments, discussion);

  const technologySampler = new WeightedSampler(zipfWeights(words.technologies.length, 1, 2), random);
  const countSampler = new WeightedSampler(TECHNOLOGY_COUNT_WEIGHTS, random);
  const technologyChoice = new Uint16Array(portfolios * 6);
  const technologyCount = new Uint8Array(portfolios);
  const technologyUses = new Int32Array(words.technologies.length);
  for (let i = 0; i < portfolios; i += 1) {
    const chosen = technologySampler.distinct(countSampler.next() + 1);
    technologyCount[i] = chosen.length;
    chosen.forEach((technology, position) => {
      technologyChoice[i * 6 + position] = technology;
      technologyUses[technology] = (technologyUses[technology] as number) + 1;
    });
  }

  return {
    until,
    since,
    userIds,
    userCreated,
    portfolioTime,
    portfolioAuthor,
    likeCounts,
    commentCounts,
    technologyChoice,
    technologyCount,
    technologyUses,
  };
}

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

interface GeneratedUser {
  username: string;
  firstname: string;
  lastname: string;
}

async function insertUsers(
  writer: MultiRowWriter,
  random: Random,
  plan: Plan,
  count: number,
  passwordHash: string,
  progress: Progress,
): Promise<GeneratedUser[]> {
  const usernames = new Set<string>();
  const people: GeneratedUser[] = [];
  const skillSampler = new WeightedSampler(zipfWeights(words.technologies.length, 1, 2), random);
  let rows: Insertable<Database['users']>[] = [];
  for (let u = 0; u < count; u += 1) {
    const person = generatePerson(random, usernames);
    people.push(person);
    const created = new Date(plan.userCreated[u] as number).toISOString();
    const skills = skillSampler.distinct(random.int(0, 5)).map((index) => words.technologies[index]);
    rows.push({
      id: plan.userIds[u] as string,
      username: person.username,
      email: `${person.username}@example.uz`,
      email_public: random.chance(0.15) ? 1 : 0,
      password_hash: passwordHash,
      firstname: person.firstname,
      lastname: person.lastname,
      image: null,
      is_admin: 0,
      description: random
        .pick(words.bioTemplates)
        .replace('{city}', random.pick(words.cities))
        .replace('{role}', random.pick(words.roles))
        .replace('{years}', String(random.int(1, 12))),
      skills: JSON.stringify(skills),
      github_profile: random.chance(0.6) ? `https://github.com/${person.username.replace(/[._]/g, '-')}` : '',
      telegram_profile: random.chance(0.4) ? `https://t.me/${person.username.replace(/[.-]/g, '_')}` : '',
      created_at: created,
      updated_at: created,
    });
    if (rows.length === CHUNK * 5 || u === count - 1) {
      await writer.insert('users', rows);
      rows = [];
      progress(`users ${u + 1}/${count}`);
    }
  }
  return people;
}

function generatePerson(random: Random, taken: Set<string>): GeneratedUser {
  const female = random.chance(0.45);
  const firstname = random.pick(female ? words.firstNamesFemale : words.firstNamesMale);
  const lastname = `${random.pick(words.lastNames)}${female ? 'a' : ''}`;
  const first = asciiHandle(firstname);
  const last = asciiHandle(lastname);
  const patterns = [
    `${first}_${last}`,
    `${first}.${last}`,
    `${first}${last}`,
    `${first}_dev`,
    `${first}${random.int(80, 99)}`,
    `${last}.${first}`,
    `${first}-${last.slice(0, 1)}`,
  ];
  let username = random.pick(patterns).slice(0, 26);
  if (taken.has(username)) {
    let n = 2;
    while (taken.has(`${username}${n}`)) n += 1;
    username = `${username}${n}`;
  }
  taken.add(username);
  return { username, firstname, lastname };
}

function asciiHandle(name: string): string {
  return name
    .toLowerCase()
    .replace(/[‘’'`ʻʼ]/g, '')
    .replace(/[^a-z0-9]/g, '');
}

async function insertTechnologies(writer: MultiRowWriter, random: Random, plan: Plan): Promise<string[]> {
  const ids = new SeededIds(random);
  const rows = words.technologies.map((name, index) => ({
    id: ids.next(plan.since),
    name,
    slug: technologySlug(name),
    portfolios_count: plan.technologyUses[index] as number,
  }));
  await writer.insert('technologies', rows);
  return rows.map((row) => row.id);
}

async function insertPortfolios(
  writer: MultiRowWriter,
  random: Random,
  plan: Plan,
  options: BulkOptions,
  related: { people: readonly GeneratedUser[]; technologyIds: readonly string[] },
  progress: Progress,
): Promise<void> {
  const { people, technologyIds } = related;
  const { dialect } = writer;
  const ids = new SeededIds(random.fork('ids'));
  const titles = new TitleGenerator(random.fork('titles'));
  const linktitles = new Set<string>();
  const likeRandom = random.fork('likes');
  const commentRandom = random.fork('comments');
  const replyRandom = random.fork('replies');
  const commenterSampler = new WeightedSampler(
    zipfWeights(options.users, 0.8, 5, commentRandom),
    commentRandom,
  );
  // Shuffled in place, a prefix at a time, to draw distinct likers without a set per portfolio.
  const likers = likeRandom.permutation(options.users);
  // Sort keys of the text index: a portfolio created in the same millisecond as another takes the next.
  const usedSearchKeys = new Set<number>();

  for (let chunkStart = 0; chunkStart < options.portfolios; chunkStart += CHUNK) {
    const chunkEnd = Math.min(options.portfolios, chunkStart + CHUNK);
    const portfolios: InsertObject<DatabaseWithSearch, 'portfolios'>[] = [];
    const links: Insertable<Database['portfolio_technologies']>[] = [];
    const searchKeys: Insertable<DatabaseWithSearch['portfolio_search_keys']>[] = [];
    const searchDocuments: Insertable<DatabaseWithSearch['portfolio_search']>[] = [];
    const likes: Insertable<Database['likes']>[] = [];
    const comments: Insertable<Database['comments']>[] = [];

    for (let i = chunkStart; i < chunkEnd; i += 1) {
      const created = plan.portfolioTime[i] as number;
      const id = ids.next(created);
      const author = people[plan.portfolioAuthor[i] as number] as GeneratedUser;
      const technologyIndexes = Array.from(
        plan.technologyChoice.subarray(i * 6, i * 6 + (plan.technologyCount[i] as number)),
      );
      const technologies = technologyIndexes.map((index) => words.technologies[index] as string);
      const technologyRefs = technologyIndexes.map((index, position) => ({
        id: technologyIds[index] as string,
        name: technologies[position] as string,
      }));
      const { title, description } = titles.next(technologies);

      const base = baseLinktitle(author.username, title);
      let n = 1;
      while (linktitles.has(numberedLinktitle(base, n))) n += 1;
      const linktitle = numberedLinktitle(base, n);
      linktitles.add(linktitle);

      const entry = searchEntry({ title, description, technologies: technologyRefs, author });
      const createdAt = new Date(created).toISOString();
      const updated = random.chance(0.2) ? random.between(created, plan.until) : created;
      const row: InsertObject<DatabaseWithSearch, 'portfolios'> = {
        id,
        author_id: plan.userIds[plan.portfolioAuthor[i] as number] as string,
        title,
        linktitle,
        description,
        url: `https://${linktitle
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .slice(0, 50)}.example.uz`,
        repo_url: random.chance(0.7)
          ? `https://github.com/${author.username.replace(/[._]/g, '-')}/${titles.repositoryName(title)}`
          : null,
        likes_count: plan.likeCounts[i] as number,
        comments_count: plan.commentCounts[i] as number,
        created_at: createdAt,
        updated_at: new Date(updated).toISOString(),
        technology_names: JSON.stringify(technologies),
        title_words: titleWords(title),
        ...(dialect === 'postgres'
          ? {
              search_vector: sql<string>`to_tsvector('simple', ${entry.document})`,
              technology_ids: technologyRefs.map((t) => t.id),
            }
          : {}),
      };
      portfolios.push(row);
      if (dialect === 'sqlite') {
        let key = searchKeyBase(createdAt);
        while (usedSearchKeys.has(key)) key += 1;
        usedSearchKeys.add(key);
        searchKeys.push({ key, portfolio_id: id });
        searchDocuments.push({ rowid: key, ...entry });
      }
      technologyIndexes.forEach((index, position) => {
        links.push({ portfolio_id: id, technology_id: technologyIds[index] as string, position });
      });

      const likeCount = plan.likeCounts[i] as number;
      const authorIndex = plan.portfolioAuthor[i] as number;
      let ownLikes = 0;
      for (let k = 0; k < likeCount; k += 1) {
        const j = k + Math.floor(likeRandom.next() * (options.users - k));
        const user = likers[j] as number;
        likers[j] = likers[k] as number;
        likers[k] = user;
        if (user === authorIndex) ownLikes = 1;
        const from = Math.max(created, plan.userCreated[user] as number);
        likes.push({
          portfolio_id: id,
          user_id: plan.userIds[user] as string,
          created_at: new Date(likeRandom.between(from, plan.until)).toISOString(),
        });
      }

      // One's own like does not rank one's work.
      row.ranked_likes = likeCount - ownLikes;

      const commentCount = plan.commentCounts[i] as number;
      const discussion: { at: number; user: number }[] = [];
      for (let k = 0; k < commentCount; k += 1) {
        const user = commenterSampler.next();
        const from = Math.max(created, plan.userCreated[user] as number) + 60_000;
        discussion.push({ at: commentRandom.between(from, Math.max(from, plan.until)), user });
      }
      // In time order, about a third answer one of the latest top-level comments before them (one level).
      const threads: string[] = [];
      for (const { at, user } of discussion.sort((a, b) => a.at - b.at)) {
        const commentId = ids.next(at);
        const parentId =
          threads.length > 0 && replyRandom.chance(1 / 3) ? replyRandom.pick(threads.slice(-5)) : null;
        if (parentId === null) threads.push(commentId);
        comments.push({
          id: commentId,
          portfolio_id: id,
          parent_id: parentId,
          author_id: plan.userIds[user] as string,
          body: commentRandom.pick(words.comments),
          created_at: new Date(at).toISOString(),
        });
      }
    }

    await writer.insert('portfolios', portfolios);
    await writer.insert('portfolio_technologies', links);
    if (dialect === 'sqlite') {
      await writer.insert('portfolio_search_keys', searchKeys);
      await writer.insert('portfolio_search', searchDocuments);
    }
    await writer.insert('likes', likes);
    await writer.insert('comments', comments);
    progress(`portfolios ${chunkEnd}/${options.portfolios}`);
  }
}

/** Titles and Markdown descriptions from the word lists, Uzbek more often than English. */
class TitleGenerator {
  private readonly uzAdjectives: WeightedSampler;
  private readonly uzSubjects: WeightedSampler;
  private readonly uzKinds: WeightedSampler;
  private readonly enAdjectives: WeightedSampler;
  private readonly enSubjects: WeightedSampler;
  private readonly enKinds: WeightedSampler;
  private readonly features: WeightedSampler;

  constructor(private readonly random: Random) {
    const sampler = (list: readonly string[]) =>
      new WeightedSampler(zipfWeights(list.length, 0.8, 1), random);
    this.uzAdjectives = sampler(words.uzTitleAdjectives);
    this.uzSubjects = sampler(words.uzTitleSubjects);
    this.uzKinds = sampler(words.uzTitleKinds);
    this.enAdjectives = sampler(words.enTitleAdjectives);
    this.enSubjects = sampler(words.enTitleSubjects);
    this.enKinds = sampler(words.enTitleKinds);
    this.features = sampler(words.descriptionFeatures);
  }

  next(technologies: readonly string[]): { title: string; description: string } {
    const random = this.random;
    let title: string;
    let subject: string;
    let kind: string;
    const uzbek = random.chance(0.6);
    if (uzbek) {
      subject = words.uzTitleSubjects[this.uzSubjects.next()] as string;
      kind = words.uzTitleKinds[this.uzKinds.next()] as string;
      title = random.chance(0.7)
        ? `${words.uzTitleAdjectives[this.uzAdjectives.next()]} ${subject} ${kind}`
        : `${capitalize(subject)} ${kind}`;
      // "kutubxona ilovasi" → "kutubxona ilova" reads better inside a sentence.
      kind = kind.replace(/si$/, '').replace(/i$/, '');
    } else {
      subject = words.enTitleSubjects[this.enSubjects.next()] as string;
      kind = words.enTitleKinds[this.enKinds.next()] as string;
      title = random.chance(0.7)
        ? `${words.enTitleAdjectives[this.enAdjectives.next()]} ${subject} ${kind}`
        : `${subject} ${kind}`;
      subject = subject.toLowerCase();
      kind = kind.toLowerCase();
    }
    const openings = uzbek ? words.uzDescriptionOpenings : words.enDescriptionOpenings;
    const opening = random.pick(openings).replace('{subject}', subject).replace('{kind}', kind);
    const features = Array.from(new Set(Array.from({ length: random.int(2, 4) }, () => this.features.next())))
      .map((index) => `- ${words.descriptionFeatures[index]}`)
      .join('\n');
    const closing = random.pick(words.descriptionClosings);
    const stack = `**Texnologiyalar:** ${technologies.join(', ')}`;
    const description = [capitalize(opening), '## Imkoniyatlar', features, stack, closing]
      .filter(Boolean)
      .join('\n\n');
    return { title, description };
  }

  repositoryName(title: string): string {
    return title
      .toLowerCase()
      .replace(/[‘’'`ʻʼ]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
