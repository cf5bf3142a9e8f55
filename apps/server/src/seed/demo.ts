import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../lib/database-errors.js';
import { newId } from '../lib/ids.js';
import { hashPassword } from '../modules/passwords/passwords.js';
import type { ImageStore, StoredImage } from '../modules/images/image-store.js';
import { baseLinktitle, numberedLinktitle, technologySlug } from '../data/naming.js';
import { refreshPortfolioLists } from '../data/portfolios.repository.js';
import { writeSearchEntry } from '../data/search.repository.js';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import {
  DEMO_PASSWORD,
  DEMO_PORTFOLIOS,
  DEMO_USERS,
  type DemoPortfolio,
  type DemoUser,
} from './demo-content.js';
import { avatarSvg, coverSvg, renderPng, screenshotSvg } from './pictures.js';
import { Random } from './random.js';
import { words } from './words.js';

export { DEMO_PASSWORD } from './demo-content.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Most users get a drawn avatar; the rest show the site's fallback. */
const hasAvatar = (index: number) => index % 4 !== 3;
/** Every third portfolio gets a second picture, so the gallery has something to page through. */
const hasScreenshot = (index: number) => index % 3 === 0;

interface PlannedUser extends DemoUser {
  id: string;
  email: string;
  createdAt: number;
  avatar: StoredImage | null;
}

interface PlannedPortfolio extends DemoPortfolio {
  id: string;
  author: string;
  authorUser: PlannedUser;
  createdAt: number;
  updatedAt: number;
  linktitle: string;
  description: string;
  images: StoredImage[];
  likes: { user: PlannedUser; createdAt: number }[];
  comments: { id: string; user: PlannedUser; body: string; createdAt: number }[];
}

/**
 * Fills an empty database with a dozen users and forty portfolios (drawn covers, likes, comments), so
 * a fresh install has something to show. Does nothing and returns false when any user exists.
 */
export async function seedDemo(
  db: Kysely<Database>,
  dialect: Dialect,
  imageStore: ImageStore,
  logger: Pick<FastifyBaseLogger, 'info'>,
): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const started = Date.now();
  const random = new Random('portfolio-master-demo');
  const users = planUsers(random, started);
  const portfolios = planPortfolios(random, users, started);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const stored: string[] = [];
  try {
    await drawPictures(users, portfolios, imageStore, stored);
    const seeded = await db.transaction().execute(async (trx) => {
      // Another instance may have seeded while the pictures were drawn.
      if (await hasUsers(trx)) return false;
      await insertAll(trx, dialect, users, portfolios, passwordHash);
      return true;
    });
    if (!seeded) {
      await imageStore.remove(stored);
      return false;
    }
    await imageStore.place(stored);
  } catch (error) {
    await imageStore.remove(stored);
    // Another instance seeding the same empty database at the same moment won the race.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  logger.info(
    { users: users.length, portfolios: portfolios.length, ms: Date.now() - started },
    `demo data added; every demo user's password is "${DEMO_PASSWORD}"`,
  );
  return true;
}

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

function planUsers(random: Random, now: number): PlannedUser[] {
  return DEMO_USERS.map((user, index) => {
    const createdAt = now - (330 - index * 6) * DAY + random.int(0, 20) * HOUR;
    return {
      ...user,
      id: newId(new Date(createdAt)),
      email: `${user.username.replace(/[.-]/g, '_')}@example.uz`,
      createdAt,
      avatar: null,
    };
  });
}

function planPortfolios(random: Random, users: readonly PlannedUser[], now: number): PlannedPortfolio[] {
  const byUsername = new Map(users.map((user) => [user.username, user]));
  const dated = DEMO_PORTFOLIOS.map((portfolio) => {
    const author = byUsername.get(portfolio.author);
    if (!author)
      throw new Error(`demo portfolio "${portfolio.title}" names unknown author ${portfolio.author}`);
    return { portfolio, author, createdAt: random.between(author.createdAt + 2 * DAY, now - 3 * HOUR) };
  });
  // Chronological, so ids, first technology spellings and linktitle numbers follow creation order.
  dated.sort((a, b) => a.createdAt - b.createdAt);

  const linktitles = new Set<string>();
  return dated.map(({ portfolio, author, createdAt }) => {
    const base = baseLinktitle(author.username, portfolio.title);
    let n = 1;
    while (linktitles.has(numberedLinktitle(base, n))) n += 1;
    const linktitle = numberedLinktitle(base, n);
    linktitles.add(linktitle);

    const others = users.filter((user) => user.id !== author.id);
    const likeCount = Math.floor(Math.pow(random.next(), 1.6) * (others.length + 1));
    const likes = random
      .sample(others, likeCount)
      .map((user) => ({ user, createdAt: random.between(Math.max(createdAt, user.createdAt), now) }))
      .sort((a, b) => a.createdAt - b.createdAt);
    const commentCount = Math.floor(Math.pow(random.next(), 1.8) * 7);
    const comments = Array.from({ length: commentCount }, () => {
      // Now and then the author answers under their own project.
      const user = random.chance(0.15) ? author : random.pick(others);
      const from = Math.max(createdAt, user.createdAt) + HOUR;
      return { user, body: random.pick(words.comments), createdAt: random.between(from, now) };
    })
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((comment) => ({ ...comment, id: newId(new Date(comment.createdAt)) }));
    const updatedAt = random.chance(0.3) ? random.between(createdAt, now) : createdAt;

    return {
      ...portfolio,
      id: newId(new Date(createdAt)),
      authorUser: author,
      createdAt,
      updatedAt,
      linktitle,
      description: describe(portfolio),
      images: [],
      likes,
      comments,
    };
  });
}

/** The Markdown a developer would write: summary, features and, with a repository, how to run it. */
function describe(portfolio: DemoPortfolio): string {
  const parts = [
    portfolio.summary,
    '## Imkoniyatlar',
    portfolio.features.map((feature) => `- ${feature}`).join('\n'),
  ];
  const commands = runCommands(portfolio.technologies);
  if (portfolio.repo && commands) {
    const folder = portfolio.repo.split('/').pop() ?? 'loyiha';
    parts.push(
      '## Ishga tushirish',
      ['```bash', `git clone ${portfolio.repo}.git`, `cd ${folder}`, ...commands, '```'].join('\n'),
    );
  }
  parts.push(`**Texnologiyalar:** ${portfolio.technologies.map((name) => `\`${name}\``).join(', ')}`);
  return parts.join('\n\n');
}

function runCommands(technologies: readonly string[]): string[] | null {
  const has = (name: string) => technologies.includes(name);
  if (has('Docker')) return ['cp .env.example .env', 'docker compose up -d'];
  if (has('Flutter')) return ['flutter pub get', 'flutter run'];
  if (has('Django'))
    return ['pip install -r requirements.txt', 'python manage.py migrate', 'python manage.py runserver'];
  if (has('FastAPI')) return ['pip install -r requirements.txt', 'uvicorn main:app --reload'];
  if (has('Python')) return ['pip install -r requirements.txt', 'python main.py'];
  if (has('Go')) return ['go run .'];
  if (has('Laravel')) return ['composer install', 'php artisan migrate --seed', 'php artisan serve'];
  if (has('Swift') || has('Kotlin')) return null;
  if (has('HTML') && !has('Vite')) return ['npx serve .'];
  return ['npm install', 'npm run dev'];
}

/** Draws avatars, covers and screenshots, two at a time, through the upload pipeline. */
async function drawPictures(
  users: PlannedUser[],
  portfolios: PlannedPortfolio[],
  imageStore: ImageStore,
  stored: string[],
): Promise<void> {
  const jobs: (() => Promise<void>)[] = [];
  const save = async (svg: string, maxDimension: number) => {
    const image = await imageStore.save(await renderPng(svg), { maxDimension });
    stored.push(image.filename);
    return image;
  };
  users.forEach((user, index) => {
    if (!hasAvatar(index)) return;
    jobs.push(async () => {
      user.avatar = await save(avatarSvg({ ...user, variant: index }), 512);
    });
  });
  portfolios.forEach((portfolio, index) => {
    const variant = index * 7;
    jobs.push(async () => {
      const cover = await save(
        coverSvg({
          title: portfolio.title,
          author: portfolio.authorUser.username,
          technologies: portfolio.technologies,
          variant,
        }),
        2048,
      );
      portfolio.images.unshift(cover);
    });
    if (hasScreenshot(index)) {
      jobs.push(async () => {
        portfolio.images.push(
          await save(screenshotSvg({ title: portfolio.title, url: portfolio.url, variant }), 2048),
        );
      });
    }
  });
  await runLimited(jobs, 2);
}

async function runLimited(jobs: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next];
      next += 1;
      await job?.();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

async function insertAll(
  db: Kysely<Database>,
  dialect: Dialect,
  users: readonly PlannedUser[],
  portfolios: readonly PlannedPortfolio[],
  passwordHash: string,
): Promise<void> {
  const iso = (time: number) => new Date(time).toISOString();
  await db
    .insertInto('users')
    .values(
      users.map((user) => ({
        id: user.id,
        username: user.username,
        email: user.email,
        email_public: user.emailPublic ? 1 : 0,
        password_hash: passwordHash,
        firstname: user.firstname,
        lastname: user.lastname,
        image: user.avatar?.filename ?? null,
        is_admin: 0,
        description: user.description,
        skills: JSON.stringify(user.skills),
        github_profile: user.github ?? '',
        telegram_profile: user.telegram ?? '',
        created_at: iso(user.createdAt),
        updated_at: iso(user.createdAt),
      })),
    )
    .execute();

  const images = [
    ...users.flatMap((user) =>
      user.avatar
        ? [{ image: user.avatar, owner: user, portfolioId: null, position: 0, at: user.createdAt }]
        : [],
    ),
    ...portfolios.flatMap((portfolio) =>
      portfolio.images.map((image, position) => ({
        image,
        owner: portfolio.authorUser,
        portfolioId: portfolio.id,
        position,
        at: portfolio.createdAt,
      })),
    ),
  ];

  await db
    .insertInto('portfolios')
    .values(
      portfolios.map((portfolio) => ({
        id: portfolio.id,
        author_id: portfolio.authorUser.id,
        title: portfolio.title,
        linktitle: portfolio.linktitle,
        description: portfolio.description,
        url: portfolio.url,
        repo_url: portfolio.repo,
        likes_count: portfolio.likes.length,
        ranked_likes: portfolio.likes.filter((like) => like.user.id !== portfolio.authorUser.id).length,
        comments_count: portfolio.comments.length,
        created_at: iso(portfolio.createdAt),
        updated_at: iso(portfolio.updatedAt),
      })),
    )
    .execute();

  await db
    .insertInto('images')
    .values(
      images.map(({ image, owner, portfolioId, position, at }) => ({
        filename: image.filename,
        owner_id: owner.id,
        portfolio_id: portfolioId,
        position,
        width: image.width,
        height: image.height,
        bytes: image.bytes,
        created_at: iso(at),
      })),
    )
    .execute();

  // Portfolios are in creation order, so each technology keeps the spelling and date of its first use.
  const technologies = new Map<string, { id: string; name: string; slug: string; count: number }>();
  const links: { portfolio_id: string; technology_id: string; position: number }[] = [];
  for (const portfolio of portfolios) {
    portfolio.technologies.forEach((name, position) => {
      const slug = technologySlug(name);
      let technology = technologies.get(slug);
      if (!technology) {
        technology = { id: newId(new Date(portfolio.createdAt)), name, slug, count: 0 };
        technologies.set(slug, technology);
      }
      technology.count += 1;
      links.push({ portfolio_id: portfolio.id, technology_id: technology.id, position });
    });
  }
  await db
    .insertInto('technologies')
    .values(
      [...technologies.values()].map((technology) => ({
        id: technology.id,
        name: technology.name,
        slug: technology.slug,
        portfolios_count: technology.count,
      })),
    )
    .execute();
  await db.insertInto('portfolio_technologies').values(links).execute();

  const likes = portfolios.flatMap((portfolio) =>
    portfolio.likes.map((like) => ({
      portfolio_id: portfolio.id,
      user_id: like.user.id,
      created_at: iso(like.createdAt),
    })),
  );
  if (likes.length > 0) await db.insertInto('likes').values(likes).execute();

  const comments = portfolios.flatMap((portfolio) =>
    portfolio.comments.map((comment) => ({
      id: comment.id,
      portfolio_id: portfolio.id,
      author_id: comment.user.id,
      body: comment.body,
      created_at: iso(comment.createdAt),
    })),
  );
  if (comments.length > 0) await db.insertInto('comments').values(comments).execute();

  for (const portfolio of portfolios) {
    await refreshPortfolioLists(db, portfolio.id);
    await writeSearchEntry(db, dialect, portfolio.id);
  }
}
