import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readDump } from '@portfolio-master/server/import/dump';
import { IMAGE_WORKERS, importOriginal } from '@portfolio-master/server/import/original-import';
import { ImageStore } from '@portfolio-master/server/modules/images/image-store';
import { findInconsistencies } from '@portfolio-master/server/seed/consistency';
import { Random } from '@portfolio-master/server/seed/random';
import bcrypt from 'bcryptjs';
import { Binary, BSON, type Document, ObjectId } from 'bson';
import sharp from 'sharp';
import { withFreshDatabase } from './fresh-database.js';

/**
 * `npm run bench:import`: how long importing the original site takes at scale. Writes a mongodump
 * shaped like the original's models (once per size, kept in data/bench/), imports it into a fresh
 * SQLite file (or PostgreSQL database with --database=postgres) and a fresh upload folder, checks every
 * counter, and prints the time of each part.
 */

const USAGE = `Usage: npm run bench:import -- [--users=10000] [--portfolios=100000] [--likes=1000000]
         [--comments=300000] [--images=50000] [--database=sqlite|postgres]`;

const SERVER_ROOT = path.dirname(fileURLToPath(import.meta.resolve('@portfolio-master/server/package.json')));
const BENCH_DIR = path.join(SERVER_ROOT, 'data', 'bench');
const CHUNK_SIZE = 255 * 1024;
const TECHNOLOGIES = [
  'React',
  'TypeScript',
  'Node.js',
  'Vue',
  'Python',
  'Django',
  'Go',
  'PostgreSQL',
  'MongoDB',
  'Express',
  'Next.js',
  'Tailwind CSS',
  'Flutter',
  'Laravel',
  'PHP',
  'Docker',
  'Redis',
  'Svelte',
  'Kotlin',
  'Swift',
];
const WORDS = ['kutubxona', 'bot', 'dokon', 'portfolio', 'blog', 'chat', 'ob-havo', 'kalkulyator', 'test'];

interface Sizes {
  users: number;
  portfolios: number;
  likes: number;
  comments: number;
  images: number;
}

function parseSizes(): { sizes: Sizes; database: 'sqlite' | 'postgres' } {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '10000' },
      portfolios: { type: 'string', default: '100000' },
      likes: { type: 'string', default: '1000000' },
      comments: { type: 'string', default: '300000' },
      images: { type: 'string', default: '50000' },
      database: { type: 'string', default: 'sqlite' },
    },
  });
  const sizes = {
    users: Number(values.users),
    portfolios: Number(values.portfolios),
    likes: Number(values.likes),
    comments: Number(values.comments),
    images: Number(values.images),
  };
  if (Object.values(sizes).some((n) => !Number.isInteger(n) || n < 0) || sizes.users < 1) {
    throw new Error(USAGE);
  }
  if (values.database !== 'sqlite' && values.database !== 'postgres') throw new Error(USAGE);
  return { sizes, database: values.database };
}

/** Appends documents to a .bson file as they are made, so the dump never sits whole in memory. */
class BsonWriter {
  private readonly fd: number;
  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }
  write(document: Document): void {
    fs.writeSync(this.fd, BSON.serialize(document));
  }
  close(): void {
    fs.closeSync(this.fd);
  }
}

async function writeDump(folder: string, sizes: Sizes): Promise<void> {
  const random = new Random('original-dump');
  const db = path.join(folder, 'portfoliomaster');
  fs.mkdirSync(db, { recursive: true });
  const start = Date.UTC(2020, 0, 1);
  const span = Date.UTC(2024, 0, 1) - start;
  let counter = 0;
  // As MongoDB makes them: four bytes of seconds, then bytes that differ for every id.
  const idAt = (time: number) => {
    counter += 1;
    const seconds = Math.floor(time / 1000)
      .toString(16)
      .padStart(8, '0');
    return new ObjectId(`${seconds}${counter.toString(16).padStart(16, '0')}`);
  };
  // One bcrypt hash for everyone: hashing 10 000 times would measure bcrypt, not the import.
  const hash = bcrypt.hashSync('eski-parol-123', 10);

  // Pictures: a few dozen distinct photos (noise over a gradient, as JPEG), each upload its own file.
  const pictures: Buffer[] = [];
  for (let n = 0; n < 32; n += 1) {
    const noise = Buffer.alloc(480 * 320 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = ((i / 3) % 480) / 2 + random.int(0, 60) + n;
    pictures.push(
      await sharp(noise, { raw: { width: 480, height: 320, channels: 3 } })
        .jpeg()
        .toBuffer(),
    );
  }
  const files = new BsonWriter(path.join(db, 'uploads.files.bson'));
  const chunks = new BsonWriter(path.join(db, 'uploads.chunks.bson'));
  let uploaded = 0;
  const upload = (time: number): string => {
    const bytes = pictures[uploaded % pictures.length]!;
    const id = idAt(time);
    const filename = `${id.toHexString()}${uploaded}.jpg`;
    uploaded += 1;
    files.write({
      _id: id,
      length: bytes.length,
      chunkSize: CHUNK_SIZE,
      uploadDate: new Date(time),
      filename,
      contentType: 'image/jpeg',
    });
    for (let n = 0; n * CHUNK_SIZE < bytes.length; n += 1) {
      chunks.write({
        _id: new ObjectId(),
        files_id: id,
        n,
        data: new Binary(bytes.subarray(n * CHUNK_SIZE, (n + 1) * CHUNK_SIZE)),
      });
    }
    return filename;
  };
  const avatars = Math.min(sizes.users, Math.floor(sizes.images / 10));

  const userIds: ObjectId[] = [];
  const userTimes: number[] = [];
  const usernames: string[] = [];
  const owned: ObjectId[][] = [];
  for (let n = 0; n < sizes.users; n += 1) {
    const time = start + Math.floor((span * n) / sizes.users);
    userIds.push(idAt(time));
    userTimes.push(time);
    usernames.push(`user${n}`);
    owned.push([]);
  }

  const portfolios = new BsonWriter(path.join(db, 'portfolios.bson'));
  const portfolioIds: ObjectId[] = [];
  const portfolioTimes: number[] = [];
  const galleries = sizes.images - avatars;
  for (let n = 0; n < sizes.portfolios; n += 1) {
    // Prolific authors first: the square skews authorship towards low numbers.
    const author = Math.floor(random.next() ** 2 * sizes.users);
    const time = random.between(userTimes[author]!, start + span);
    const id = idAt(time);
    portfolioIds.push(id);
    portfolioTimes.push(time);
    owned[author]!.push(id);
    const title = `${random.pick(WORDS)} ${n}`;
    const used = random
      .sample(TECHNOLOGIES, random.int(1, 5))
      .map((name) => (random.chance(0.1) ? `${name.toLowerCase()} ` : name));
    const likes = new Set<number>();
    const wanted = Math.min(sizes.users, Math.round((sizes.likes / sizes.portfolios) * 2 * random.next()));
    while (likes.size < wanted) likes.add(random.int(0, sizes.users - 1));
    portfolios.write({
      _id: id,
      title,
      linktitle: `${usernames[author]}_${title.replaceAll(' ', '_')}`,
      description: `${title}: ${random.pick(WORDS)} uchun loyiha.`,
      url: `https://example.uz/${n}`,
      images: n < galleries ? [upload(time)] : [],
      used: random.chance(0.05) ? used.join(', ') : used,
      author: userIds[author],
      likes: [...likes].map((user) => userIds[user]),
      comments: [],
      date: new Date(time),
      __v: 0,
    });
  }
  portfolios.close();

  const users = new BsonWriter(path.join(db, 'users.bson'));
  for (let n = 0; n < sizes.users; n += 1) {
    users.write({
      _id: userIds[n],
      username: usernames[n],
      email: `${usernames[n]}@example.uz`,
      password: hash,
      firstname: 'Ism',
      lastname: `Familiya${n}`,
      image: n < avatars ? upload(userTimes[n]!) : '',
      isAdmin: n === 0,
      skills: random.sample(TECHNOLOGIES, 3),
      registeredDate: new Date(userTimes[n]!),
      portfolios: owned[n],
    });
  }
  users.close();
  files.close();
  chunks.close();

  const comments = new BsonWriter(path.join(db, 'comments.bson'));
  for (let n = 0; n < sizes.comments; n += 1) {
    const portfolio = random.int(0, sizes.portfolios - 1);
    const time = random.between(portfolioTimes[portfolio]!, start + span + 86_400_000);
    comments.write({
      _id: idAt(time),
      body: `Zo‘r ish, ${random.pick(WORDS)}!`,
      date: new Date(time),
      commentAuthor: userIds[random.int(0, sizes.users - 1)],
      portfolio: portfolioIds[portfolio],
    });
  }
  comments.close();
}

async function main(): Promise<void> {
  const { sizes, database } = parseSizes();
  const name = `original-${sizes.users}-${sizes.portfolios}-${sizes.likes}-${sizes.comments}-${sizes.images}`;
  const folder = path.join(BENCH_DIR, name);
  const done = path.join(folder, 'complete');
  let started = performance.now();
  const seconds = () => {
    const value = (performance.now() - started) / 1000;
    started = performance.now();
    return value;
  };
  if (!fs.existsSync(done)) {
    fs.rmSync(folder, { recursive: true, force: true });
    await writeDump(folder, sizes);
    fs.writeFileSync(done, '');
    console.log(`dump written in ${seconds().toFixed(1)} s: ${folder}`);
  }
  seconds();

  const cleanups: (() => void)[] = [];
  try {
    await withFreshDatabase(database, 'bench-import', async (handle, work) => {
      const imageStore = new ImageStore(
        path.join(work, 'uploads'),
        undefined,
        undefined,
        undefined,
        IMAGE_WORKERS,
      );
      await imageStore.init();

      seconds();
      const { dump, close } = await readDump(folder);
      cleanups.push(close);
      const reading = seconds();
      const memory = process.memoryUsage().rss;
      const phases: Record<string, number> = {};
      const report = await importOriginal(
        dump,
        { db: handle.db, dialect: handle.dialect, imageStore },
        {
          progress: ({ kind }) => {
            phases[kind] = (phases[kind] ?? 0) + seconds();
          },
        },
      );
      const inconsistencies = await findInconsistencies(handle.db, handle.dialect);
      const verifying = seconds();
      const total = reading + Object.values(phases).reduce((sum, value) => sum + value, 0);
      const rows = [
        ['Database', database === 'sqlite' ? 'SQLite' : 'PostgreSQL'],
        [
          'Dump',
          Object.entries(sizes)
            .map(([kind, n]) => `${n} ${kind}`)
            .join(', '),
        ],
        ['Reading the dump', `${reading.toFixed(1)} s (memory ${Math.round(memory / 1e6)} MB after)`],
        ...Object.entries(phases).map(([kind, value]) => [`Importing ${kind}`, `${value.toFixed(1)} s`]),
        ['Total', `${total.toFixed(1)} s (${(total / 60).toFixed(1)} min)`],
        [
          'Checking every counter',
          `${verifying.toFixed(1)} s: ${inconsistencies.length === 0 ? 'exact' : inconsistencies.join('; ')}`,
        ],
        [
          'Imported',
          Object.entries(report.totals)
            .map(([kind, t]) => `${t.imported} ${kind}`)
            .join(', '),
        ],
        ['Peak memory', `${Math.round(process.resourceUsage().maxRSS / 1024)} MB`],
      ];
      console.log(rows.map(([label, value]) => `| ${label} | ${value} |`).join('\n'));
      if (inconsistencies.length > 0) process.exitCode = 1;
    });
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
