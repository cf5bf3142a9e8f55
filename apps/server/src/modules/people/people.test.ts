import { CITIES, type PersonCard } from '@portfolio-master/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { technologySlug } from '../../data/naming.js';
import { newId } from '../../lib/ids.js';
import { removeActivity } from '../../data/account.repository.js';
import { changeTags } from '../../lib/changes.js';
import { ADMIN_EMAIL, call, createTestContext, type TestContext } from '../../test/app.js';
import { userRow } from '../../test/rows.js';

let context: TestContext;

const get = (query: string) => call(context.app, { method: 'GET', url: `/api/people${query}` });

/** One person of the directory as the test made it, and what the directory should say of them. */
interface Person {
  id: string;
  username: string;
  firstname: string;
  lastname: string;
  headline: string;
  skills: string[];
  city: string | null;
  workStatus: 'looking' | 'open' | 'not';
  createdAt: string;
  followers: number;
  /** Likes of each of their portfolios, and each portfolio's technologies and whether it is hidden. */
  portfolios: { likes: number; technologies: string[]; hidden: boolean }[];
  hidden: boolean;
  /** 'forever', 'until-later' (still blocked), 'expired' (listed again), or none. */
  block: 'forever' | 'until-later' | 'expired' | null;
}

const FIRSTNAMES = ['Shoxrux', 'Шоҳрух', 'Dilnoza', 'Жасур', 'Aziz', 'Нодира', 'Bekzod'];
const LASTNAMES = ['Qo‘chqorov', 'Тошматов', 'Karimova', 'Alimov'];
const HEADLINES = ['Frontend dasturchi, React', 'Бэкенд дастурчи', 'Mobil ilovalar', ''];
const SKILLS = [
  ['React', 'TypeScript'],
  ['Go', 'PostgreSQL'],
  ['Flutter'],
  ['Node.js', 'Docker', 'Redis'],
  [],
];
const TECHNOLOGIES = ['React', 'Vue', 'Телеграм бот', 'Django'];

function makePeople(count: number): Person[] {
  const base = Date.parse('2026-01-01T00:00:00Z');
  return Array.from({ length: count }, (_, i) => ({
    id: newId(new Date(base + i * 60_000)),
    username: `dev_${i}`,
    firstname: FIRSTNAMES[i % FIRSTNAMES.length]!,
    lastname: LASTNAMES[i % LASTNAMES.length]!,
    headline: HEADLINES[i % HEADLINES.length]!,
    skills: SKILLS[i % SKILLS.length]!,
    city: i % 4 === 3 ? null : CITIES[i % 3]!,
    workStatus: (['looking', 'open', 'not'] as const)[i % 3]!,
    createdAt: new Date(base + i * 60_000).toISOString(),
    followers: (i * 7) % 5,
    portfolios: Array.from({ length: i % 3 }, (_, j) => ({
      likes: (i * 3 + j * 5) % 7,
      technologies: [TECHNOLOGIES[(i + j) % TECHNOLOGIES.length]!],
      hidden: (i + j) % 9 === 4,
    })),
    hidden: i % 11 === 5,
    block: i % 13 === 6 ? 'forever' : i % 13 === 7 ? 'until-later' : i % 13 === 8 ? 'expired' : null,
  }));
}

const people = makePeople(47);

async function insertPeople(): Promise<void> {
  const { db } = context.app.services;
  const technologyIds = new Map<string, string>();
  for (const name of TECHNOLOGIES) {
    const id = newId();
    technologyIds.set(name, id);
    await db
      .insertInto('technologies')
      .values({ id, name, slug: technologySlug(name) })
      .execute();
  }
  const hour = 3_600_000;
  for (const person of people) {
    await db
      .insertInto('users')
      .values({
        ...userRow({ id: person.id, username: person.username, created_at: person.createdAt }),
        firstname: person.firstname,
        lastname: person.lastname,
        headline: person.headline,
        skills: JSON.stringify(person.skills),
        city: person.city,
        work_status: person.workStatus,
        followers_count: person.followers,
        hidden_at: person.hidden ? person.createdAt : null,
        blocked_at: person.block ? person.createdAt : null,
        blocked_until:
          person.block === 'until-later'
            ? new Date(Date.now() + 24 * hour).toISOString()
            : person.block === 'expired'
              ? new Date(Date.now() - hour).toISOString()
              : null,
      })
      .execute();
    for (const [j, portfolio] of person.portfolios.entries()) {
      const id = newId();
      await db
        .insertInto('portfolios')
        .values({
          id,
          author_id: person.id,
          title: `Ish ${j}`,
          linktitle: `${person.username}_${j}`,
          description: '',
          url: 'https://example.uz',
          repo_url: null,
          likes_count: portfolio.likes,
          created_at: person.createdAt,
          updated_at: person.createdAt,
          hidden_at: portfolio.hidden ? person.createdAt : null,
        })
        .execute();
      for (const [position, name] of portfolio.technologies.entries()) {
        await db
          .insertInto('portfolio_technologies')
          .values({ portfolio_id: id, technology_id: technologyIds.get(name)!, position })
          .execute();
      }
    }
  }
}

const listed = (person: Person) =>
  !person.hidden && person.block !== 'forever' && person.block !== 'until-later';
/** The likes of a person's visible work: a portfolio a moderator hid ranks nobody. */
const likesOf = (person: Person) => person.portfolios.reduce((sum, p) => sum + (p.hidden ? 0 : p.likes), 0);
const uses = (person: Person, technology: string) =>
  person.portfolios.some((p) => !p.hidden && p.technologies.includes(technology));

const ORDERS = {
  liked: (a: Person, b: Person) => likesOf(b) - likesOf(a) || byNewest(a, b),
  new: (a: Person, b: Person) => byNewest(a, b),
  followed: (a: Person, b: Person) => b.followers - a.followers || byNewest(a, b),
};
function byNewest(a: Person, b: Person): number {
  return a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;
}

/** Every page of an answer, walked until its page count, as usernames. */
async function allPages(query: string): Promise<{ usernames: string[]; total: number; cards: PersonCard[] }> {
  const first = await get(`?${query}`);
  expect(first.statusCode, first.body).toBe(200);
  const { total, pageCount, limit } = first.json();
  expect(limit).toBe(20);
  expect(pageCount).toBe(Math.ceil(total / 20));
  const cards: PersonCard[] = [...first.json().items];
  for (let page = 2; page <= pageCount; page += 1) {
    const next = await get(`?${query}&page=${page}`);
    expect(next.json().page).toBe(page);
    cards.push(...next.json().items);
  }
  return { usernames: cards.map((card) => card.username), total, cards };
}

beforeAll(async () => {
  context = await createTestContext({ ADMIN_EMAILS: ADMIN_EMAIL });
  await insertPeople();
});
afterAll(() => context.close());

describe('the people directory', () => {
  it('lists everyone not hidden or blocked, in each sort, 20 a page, with the total', async () => {
    for (const sort of ['liked', 'new', 'followed'] as const) {
      const expected = people.filter(listed).sort(ORDERS[sort]);
      const { usernames, total } = await allPages(`sort=${sort}`);
      expect(total).toBe(expected.length);
      expect(usernames).toEqual(expected.map((p) => p.username));
    }
    // The default sort is the most liked work.
    const plain = (await get('')).json();
    expect(plain.items.map((c: PersonCard) => c.username)).toEqual(
      people
        .filter(listed)
        .sort(ORDERS.liked)
        .slice(0, 20)
        .map((p) => p.username),
    );
    // A page past the end is empty, with the same total.
    const beyond = (await get('?page=9')).json();
    expect(beyond).toMatchObject({ items: [], page: 9, total: people.filter(listed).length });
  });

  it('shows each person as a card with their counts', async () => {
    const { cards } = await allPages('sort=new');
    for (const card of cards) {
      const person = people.find((p) => p.username === card.username)!;
      expect(card).toEqual({
        _id: person.id,
        username: person.username,
        firstname: person.firstname,
        lastname: person.lastname,
        image: null,
        headline: person.headline,
        city: person.city,
        openToWork: person.workStatus,
        affiliation: null,
        skills: person.skills.slice(0, 5),
        portfoliosCount: person.portfolios.filter((p) => !p.hidden).length,
        followersCount: person.followers,
        likesReceived: likesOf(person),
      });
    }
  });

  it('filters by city, open to work and technology (in either script), together', async () => {
    const cases: [string, (p: Person) => boolean][] = [
      [`city=${CITIES[1]}`, (p) => p.city === CITIES[1]],
      ['openToWork=true', (p) => p.workStatus !== 'not'],
      ['technology=react', (p) => uses(p, 'React')],
      // Written in Latin, the technology is found by its Cyrillic name.
      ['technology=Telegram%20bot', (p) => uses(p, 'Телеграм бот')],
      ['technology=Vue&openToWork=true', (p) => uses(p, 'Vue') && p.workStatus !== 'not'],
      [`technology=Django&city=${CITIES[2]}&sort=followed`, (p) => uses(p, 'Django') && p.city === CITIES[2]],
      // Empty fields of the form are no filter.
      ['technology=&city=&q=&openToWork=', () => true],
    ];
    for (const [query, matches] of cases) {
      const sort = (/sort=(\w+)/.exec(query)?.[1] ?? 'liked') as keyof typeof ORDERS;
      const expected = people.filter((p) => listed(p) && matches(p)).sort(ORDERS[sort]);
      expect(expected.length, query).toBeGreaterThan(0);
      const { usernames, total } = await allPages(query);
      expect(total, query).toBe(expected.length);
      expect(usernames, query).toEqual(expected.map((p) => p.username));
    }
    // A technology nobody uses, or that does not exist, lists nobody.
    expect((await get('?technology=Cobol')).json()).toMatchObject({ items: [], total: 0, pageCount: 0 });
  });

  it('finds people by name, username, headline and skills, in both scripts', async () => {
    const search = async (q: string) => (await allPages(`q=${encodeURIComponent(q)}&sort=new`)).usernames;
    const visible = people.filter(listed).sort(ORDERS.new);
    const names = (f: (p: Person) => boolean) => visible.filter(f).map((p) => p.username);
    // Written in Latin, a name written in Cyrillic is found, and the other way round.
    expect(await search('shohrux')).toEqual(names((p) => p.firstname === 'Шоҳрух'));
    expect(await search('Жасур')).toEqual(names((p) => p.firstname === 'Жасур'));
    expect(await search('jasur')).toEqual(names((p) => p.firstname === 'Жасур'));
    expect(await search('Шохрух')).toEqual(names((p) => p.firstname === 'Shoxrux'));
    // A prefix of a word, an apostrophe of any kind.
    expect(await search('qo‘chq')).toEqual(names((p) => p.lastname === 'Qo‘chqorov'));
    expect(await search("qo'chqorov")).toEqual(names((p) => p.lastname === 'Qo‘chqorov'));
    // Username, headline, skills.
    expect(await search('dev_12')).toEqual(names((p) => p.username === 'dev_12'));
    expect(await search('frontend')).toEqual(names((p) => p.headline.startsWith('Frontend')));
    expect(await search('бэкенд')).toEqual(names((p) => p.headline.startsWith('Бэкенд')));
    expect(await search('node.js')).toEqual(names((p) => p.skills.includes('Node.js')));
    expect(await search('postgres')).toEqual(names((p) => p.skills.includes('PostgreSQL')));
    // Every word must match; search and filters go together.
    expect(await search('dilnoza karimova')).toEqual(
      names((p) => p.firstname === 'Dilnoza' && p.lastname === 'Karimova'),
    );
    const { usernames } = await allPages('q=react&openToWork=true&sort=new');
    expect(usernames).toEqual(
      names((p) => (p.skills.includes('React') || p.headline.includes('React')) && p.workStatus !== 'not'),
    );
    expect(await search('yo‘qsoʻz')).toEqual([]);
  });

  it('never lists a hidden or blocked account, whatever is asked', async () => {
    const absent = people.filter((p) => !listed(p));
    expect(absent.map((p) => p.block ?? 'hidden')).toEqual(
      expect.arrayContaining(['hidden', 'forever', 'until-later']),
    );
    const seen = new Set<string>();
    for (const query of ['sort=new', 'openToWork=true', 'technology=React', 'q=dev', 'q=shoxrux']) {
      for (const username of (await allPages(query)).usernames) seen.add(username);
    }
    for (const person of absent) expect(seen.has(person.username), person.username).toBe(false);
    // A block that ended lists the person again.
    const expired = people.find((p) => p.block === 'expired' && !p.hidden)!;
    expect(seen.has(expired.username)).toBe(true);
  });

  it('drops a person at once from every cached page when a block names them', async () => {
    const before = (await get('?sort=new')).json();
    const target = before.items[0] as PersonCard;
    const { db, changes } = context.app.services;
    // As moderation blocks: the row, then the change it publishes.
    await db
      .updateTable('users')
      .set({ blocked_at: new Date().toISOString(), blocked_until: null, blocked_reason: 'Spam' })
      .where('id', '=', target._id)
      .execute();
    await changes.publish([changeTags.user(target._id)]);
    const after = (await get('?sort=new')).json();
    expect(after.items.map((c: PersonCard) => c._id)).not.toContain(target._id);
    expect(after.total).toBe(before.total - 1);
  });

  it('refuses bad input with a code and a message', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['sort=popular', 'sort'],
      ['city=Tashkent', 'city'],
      ['openToWork=maybe', 'openToWork'],
      [`q=${'a'.repeat(201)}`, 'q'],
      [`technology=${'a'.repeat(300)}`, 'technology'],
    ] as const) {
      const response = await get(`?${query}`);
      expect(response.statusCode, query).toBe(422);
      const problem = response.json();
      expect(problem.code, query).toBe('VALIDATION_FAILED');
      expect(problem.errors[field], query).toEqual([expect.any(String)]);
      expect(problem.errors[field][0].length, query).toBeGreaterThan(0);
    }
    const russian = await call(context.app, {
      method: 'GET',
      url: '/api/people?city=Tashkent',
      headers: { 'accept-language': 'ru' },
    });
    expect(russian.json().errors.city[0]).toMatch(/[а-я]/);
  });
});

describe('likes received', () => {
  const likesReceived = async (userId: string) => {
    const row = await context.app.services.db
      .selectFrom('users')
      .select('likes_received')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.likes_received;
  };

  it('stay the sum of the likes of the person’s portfolios through likes, unlikes and deletes', async () => {
    const { db, likes, portfolios } = context.app.services;
    const now = new Date().toISOString();
    const [author, fan, other] = ['muallif', 'muxlis', 'boshqa'].map((name) => ({
      id: newId(),
      username: `${name}_likes`,
    }));
    for (const user of [author!, fan!, other!]) {
      await db
        .insertInto('users')
        .values(userRow({ id: user.id, username: user.username, created_at: now }))
        .execute();
    }
    const create = async (title: string) => {
      const id = newId();
      await db
        .insertInto('portfolios')
        .values({
          id,
          author_id: author!.id,
          title,
          linktitle: `${author!.username}_${title}`,
          description: '',
          url: 'https://likes.example.uz',
          repo_url: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return id;
    };
    const [first, second] = [await create('birinchi'), await create('ikkinchi')];
    await likes.toggle({ id: first, authorId: author!.id }, fan!.id);
    await likes.toggle({ id: first, authorId: author!.id }, other!.id);
    await likes.toggle({ id: second, authorId: author!.id }, fan!.id);
    expect(await likesReceived(author!.id)).toBe(3);
    await likes.toggle({ id: first, authorId: author!.id }, fan!.id); // unlike
    expect(await likesReceived(author!.id)).toBe(2);
    // The directory shows it at once.
    const card = (await get(`?q=${author!.username}`)).json().items[0] as PersonCard;
    expect(card).toMatchObject({ username: author!.username, likesReceived: 2, portfoliosCount: 2 });

    // A portfolio a moderator hides takes its likes from the sum until it is shown again.
    const hide = (hidden_at: string | null) =>
      db.updateTable('portfolios').set({ hidden_at }).where('id', '=', first).execute();
    await hide(now);
    expect(await likesReceived(author!.id)).toBe(1);
    await likes.toggle({ id: first, authorId: author!.id }, fan!.id); // a like it gets meanwhile counts once it is back
    expect(await likesReceived(author!.id)).toBe(1);
    await hide(null);
    expect(await likesReceived(author!.id)).toBe(3);
    await likes.toggle({ id: first, authorId: author!.id }, fan!.id);
    expect(await likesReceived(author!.id)).toBe(2);

    await portfolios.remove(second, { id: author!.id, isAdmin: false });
    expect(await likesReceived(author!.id)).toBe(1);

    // An account that goes takes its likes from the authors it liked.
    await db.transaction().execute((trx) => removeActivity(trx, other!.id));
    expect(await likesReceived(author!.id)).toBe(0);
    await context.app.services.changes.publish([changeTags.users]);
    expect((await get(`?q=${author!.username}`)).json().items[0]).toMatchObject({ likesReceived: 0 });

    // Whatever path moved them, the counters equal the likes they count.
    const drift = await sql<{ id: string }>`select u.id from users u
      where u.likes_received <> coalesce(
        (select sum(p.likes_count) from portfolios p where p.author_id = u.id and p.hidden_at is null), 0)`.execute(
      db,
    );
    expect(drift.rows).toEqual([]);
  });
});
