import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DatabaseConfig } from '@portfolio-master/server/config';
import { createDatabase } from '@portfolio-master/server/db/database';
import { migrateToLatest } from '@portfolio-master/server/db/migrator';
import { type NginxProcess, startNginx } from '@portfolio-master/server/ops/nginx';
import { type StandInBotApi, startBotApi } from '@portfolio-master/server/test/bot-api';
import {
  type BulkOptions,
  SAMPLE_SEARCH_WORD,
  seedBulk,
  validateBulkOptions,
} from '@portfolio-master/server/seed/bulk';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { formatLoad, type LoadMeasurement, measureLoad } from './bench-load.js';
import {
  type BurstMeasurement,
  type CreateTimes,
  formatBurst,
  linkChats,
  percentile,
  prepareBurst,
  timeCreates,
  watchBurst,
} from './bench-telegram.js';
import { formatSearch, measureSearch } from './bench-search.js';
import {
  WRITE_KINDS,
  checkCounters,
  formatWrites,
  measureWrites,
  parseWrites,
  signInMany,
  type WriteKind,
} from './bench-writes.js';

/**
 * `npm run bench`: the main read endpoints of the real server (a child process on a bulk-seeded SQLite
 * database) against a bare node:http server answering the same bytes from memory, so the numbers say
 * how much the framework, the queries and the serialisation cost on this machine.
 */

interface Target {
  /** The newest portfolio: a quiet one, few likes and comments. */
  linktitle: string;
  /** The most liked portfolio, with its id and the cursor of its second page of comments. */
  popular: { id: string; linktitle: string; commentsNext: string | null };
}

interface Endpoint {
  name: string;
  path: (target: Target) => string;
  /** Sent with a signed-in user's x-token, so likedByMe is real. */
  signedIn?: boolean;
  /** Asked as a browser asks (`Accept-Encoding: br, gzip, deflate`): the kept compressed bytes. */
  compressed?: boolean;
}

/** What a browser sends (Chromium, Firefox and Safari alike) over HTTP/1.1. */
const BROWSER_ACCEPT_ENCODING = 'br, gzip, deflate';

const READS: Endpoint[] = [
  { name: 'list, page 1', path: () => '/api/portfolio?page=1' },
  { name: 'list, filter React+TypeScript', path: () => '/api/portfolio?filter=React,TypeScript' },
  { name: `search "${SAMPLE_SEARCH_WORD}"`, path: () => `/api/portfolio?q=${SAMPLE_SEARCH_WORD}` },
  { name: 'search "kutubxna", corrected', path: () => '/api/portfolio?q=kutubxna' },
  { name: 'list, sorted by popular', path: () => '/api/portfolio?sort=popular' },
  { name: 'list, page 1000', path: () => '/api/portfolio?page=1000' },
  { name: 'one portfolio', path: (target) => `/api/portfolio/${encodeURIComponent(target.linktitle)}` },
];

/** What is measured. Each path must answer 2xx during the warm-up, or the run stops. */
const ENDPOINTS: Endpoint[] = [
  ...READS,
  {
    name: 'one portfolio, the most liked',
    path: (target) => `/api/portfolio/${encodeURIComponent(target.popular.linktitle)}`,
  },
  {
    name: 'its comments, page 2',
    path: (target) =>
      `/api/portfolio/${target.popular.id}/comments` +
      (target.popular.commentsNext ? `?before=${encodeURIComponent(target.popular.commentsNext)}` : ''),
  },
  { name: 'its likers, page 1', path: (target) => `/api/portfolio/${target.popular.id}/likes` },
  { name: 'users, first 10', path: () => '/api/user/all?limit=10' },
  // Pages as the server renders them (kept as ready bytes until a write changes them).
  { name: 'HTML /page/1', path: () => '/page/1' },
  { name: 'HTML portfolio page', path: (target) => `/portfolio/${encodeURIComponent(target.linktitle)}` },
  ...READS.map((endpoint) => ({ ...endpoint, name: `${endpoint.name}, signed in`, signedIn: true })),
  // The people directory: the same for everyone, so signed in reads the same kept answer.
  { name: 'people, page 1', path: () => '/api/people' },
  { name: 'people, technology React', path: () => '/api/people?technology=React' },
  { name: 'people, newest, page 20', path: () => '/api/people?sort=new&page=20' },
  { name: 'people, search "ali"', path: () => '/api/people?q=ali' },
  { name: 'HTML /people', path: () => '/people' },
  // "O‘xshash loyihalar" (decision 61): kept like the portfolio; with nothing cached, the candidates and scoring.
  {
    name: 'related work',
    path: (target) => `/api/portfolio/${encodeURIComponent(target.linktitle)}/related`,
  },
  {
    name: 'related work, the most liked',
    path: (target) => `/api/portfolio/${encodeURIComponent(target.popular.linktitle)}/related`,
  },
  // As a browser asks: the server sends the compressed copy it keeps, the bare server the same bytes.
  { name: 'list, page 1, as a browser asks', path: () => '/api/portfolio?page=1', compressed: true },
  { name: 'HTML /page/1, as a browser asks', path: () => '/page/1', compressed: true },
  {
    name: 'HTML portfolio page, as a browser asks',
    path: (target) => `/portfolio/${encodeURIComponent(target.linktitle)}`,
    compressed: true,
  },
];

/** The server's folder: its build is what is measured, and its data/ keeps the seeded databases. */
const SERVER_ROOT = path.dirname(fileURLToPath(import.meta.resolve('@portfolio-master/server/package.json')));
const SERVER_ENTRY = path.join(SERVER_ROOT, 'dist', 'server.js');
const THIS_FILE = fileURLToPath(import.meta.url);

const USAGE = `Usage: npm run bench -- [--portfolios=100000] [--users=10000] [--likes=<10 × portfolios>]
         [--comments=<3 × portfolios>] [--seed=1] [--duration=10] [--warmup=3] [--connections=20]
         [--endpoints=1,3] [--read-cache=on|off] [--writes=on|off|like,comment,create] [--database=sqlite|postgres|<url>]
         [--dir=apps/server/data/bench] [--out=<dir>/results.md] [--load=on [--settle=60]]
         [--cluster=on --database=postgres] [--telegram=on] [--search=on] [--cpu-prof=<dir>]

Seeds (or reuses) a SQLite database of that size, starts the built server on it and measures each
endpoint with autocannon next to a bare node:http server that answers the same bytes. With
--read-cache=off the server keeps nothing between requests (READ_CACHE=off): every answer is made anew.
Then (unless --writes=off) like toggles, comment posts and creates with one image from 50 signed-in
users, on a copy of the data (--writes=like,comment: only those), and a check that every counter equals
its rows; then (with every write on) the Telegram burst: creates by an author with 1,000 followers before and after they link a chat (a stand-in Bot API
server on 127.0.0.1), and how the messages went out. --database=postgres
seeds and measures a PostgreSQL database instead (postgres://postgres@127.0.0.1:5432 by default).
--load=on (npm run bench:load) measures instead a mix of reads and writes from 50 users and anonymous
readers at 200 connections for 60 s on a copy of the data, then the server's memory --settle s later.
--cluster=on (npm run bench:cluster) measures that mix for 30 s through nginx (deploy/nginx) in front of
one instance, then of two, on PostgreSQL and Redis (REDIS_URL, else redis://127.0.0.1:6379).
--telegram=on (npm run bench:telegram) measures the Telegram burst alone. --search=on measures instead
the database time of searches' first pages (best match first, a corrected typo, people), nothing kept.
--cpu-prof=<dir> has each server write a V8 CPU profile there when it stops (open it in Chrome's DevTools).`;

interface BenchOptions {
  dataset: BulkOptions;
  duration: number;
  warmup: number;
  connections: number;
  endpoints: number[];
  /** Whether the server keeps reads between requests (READ_CACHE). */
  readCache: boolean;
  /** The PostgreSQL server to seed and measure on; SQLite when undefined. */
  postgresUrl: string | undefined;
  /** Which of like toggles, comment posts and creates are measured too, on a copy of the data. */
  writes: readonly WriteKind[];
  dir: string;
  out: string;
  /** One-minute load average before measuring: other work on the machine skews every number. */
  loadAverage: number;
  /** Instead of the tables: mixed reads and writes at many connections, and the memory afterwards. */
  load: boolean;
  /** How long the memory is watched after the load, in seconds. */
  settle: number;
  /** Instead: the mixed load through nginx in front of one, then two instances (PostgreSQL and Redis). */
  cluster: boolean;
  /** Instead: the Telegram burst alone. */
  telegram: boolean;
  /** Instead: the database time of searches' first pages (bench-search.ts). */
  search: boolean;
  /** Where the server writes a V8 CPU profile of its run (`--cpu-prof`), if anywhere. */
  cpuProfileDir: string | undefined;
}

interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time the answering process spent per answered request, in ms (user + system). */
  cpuPerRequest: number | undefined;
}

interface Row {
  name: string;
  path: string;
  /** Asked with a browser's Accept-Encoding; `bytes` are then the compressed ones. */
  compressed: boolean;
  bytes: number;
  server: Measurement;
  bare: Measurement;
}

class BenchError extends Error {}

const STRING_OPTIONS = [
  'users',
  'portfolios',
  'likes',
  'comments',
  'seed',
  'duration',
  'warmup',
  'connections',
  'endpoints',
  'read-cache',
  'database',
  'writes',
  'dir',
  'out',
  'load',
  'settle',
  'cluster',
  'telegram',
  'search',
  'cpu-prof',
] as const;

function readOptions(argv: readonly string[]): BenchOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        ...Object.fromEntries(STRING_OPTIONS.map((name) => [name, { type: 'string' as const }])),
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new BenchError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const given: Record<string, string | boolean | undefined> = parsed.values;
  if (given.help) throw new BenchError(USAGE);
  const values: Partial<Record<(typeof STRING_OPTIONS)[number], string>> = {};
  for (const name of STRING_OPTIONS) {
    const value = given[name];
    if (typeof value === 'string') values[name] = value;
  }

  const number = (name: (typeof STRING_OPTIONS)[number], fallback: number) => {
    const value = values[name] === undefined ? fallback : Number(values[name]);
    if (!Number.isFinite(value) || value < 0)
      throw new BenchError(`--${name} must be a number ≥ 0\n\n${USAGE}`);
    return value;
  };
  const portfolios = number('portfolios', 100_000);
  const dataset: BulkOptions = {
    users: number('users', 10_000),
    portfolios,
    likes: number('likes', portfolios * 10),
    comments: number('comments', portfolios * 3),
    seed: values.seed ?? '1',
    reset: false,
  };
  const problem = validateBulkOptions(dataset);
  if (problem) throw new BenchError(problem);
  const endpoints = values.endpoints
    ? values.endpoints.split(',').map((part) => Number(part.trim()) - 1)
    : ENDPOINTS.map((_, index) => index);
  if (endpoints.some((index) => !ENDPOINTS[index])) {
    throw new BenchError(`--endpoints takes numbers from 1 to ${ENDPOINTS.length}, e.g. --endpoints 1,3`);
  }
  const database = values.database ?? 'sqlite';
  if (database !== 'sqlite' && database !== 'postgres' && !/^postgres(ql)?:\/\//.test(database)) {
    throw new BenchError(`--database is sqlite, postgres or a postgres:// URL of a server\n\n${USAGE}`);
  }
  const writes = parseWrites(values.writes ?? 'on');
  if (!writes) throw new BenchError(`--writes is on, off or some of ${WRITE_KINDS.join(',')}\n\n${USAGE}`);
  const readCache = values['read-cache'] ?? 'on';
  if (readCache !== 'on' && readCache !== 'off')
    throw new BenchError(`--read-cache is on or off\n\n${USAGE}`);
  const load = values.load ?? 'off';
  if (load !== 'on' && load !== 'off') throw new BenchError(`--load is on or off\n\n${USAGE}`);
  const cluster = values.cluster ?? 'off';
  if (cluster !== 'on' && cluster !== 'off') throw new BenchError(`--cluster is on or off\n\n${USAGE}`);
  if (cluster === 'on' && database === 'sqlite') {
    throw new BenchError(`--cluster=on runs on PostgreSQL: add --database=postgres\n\n${USAGE}`);
  }
  const telegram = values.telegram ?? 'off';
  if (telegram !== 'on' && telegram !== 'off') throw new BenchError(`--telegram is on or off\n\n${USAGE}`);
  const search = values.search ?? 'off';
  if (search !== 'on' && search !== 'off') throw new BenchError(`--search is on or off\n\n${USAGE}`);
  const mixed = load === 'on' || cluster === 'on';
  const dir = path.resolve(values.dir ?? path.join(SERVER_ROOT, 'data', 'bench'));
  return {
    dataset,
    duration: number('duration', mixed ? (cluster === 'on' ? 30 : 60) : 10),
    warmup: number('warmup', 3),
    connections: number('connections', mixed ? 200 : 20),
    load: load === 'on',
    cluster: cluster === 'on',
    telegram: telegram === 'on',
    search: search === 'on',
    cpuProfileDir: values['cpu-prof'] === undefined ? undefined : path.resolve(values['cpu-prof']),
    settle: number('settle', 60),
    endpoints,
    readCache: readCache === 'on',
    postgresUrl:
      database === 'sqlite'
        ? undefined
        : database === 'postgres'
          ? 'postgres://postgres@127.0.0.1:5432/postgres'
          : database,
    writes,
    dir,
    out: path.resolve(values.out ?? path.join(dir, 'results.md')),
    // Read before seeding, so it shows other work on the machine rather than our own.
    loadAverage: os.loadavg()[0] ?? 0,
  };
}

/** Where a bench database lives: a SQLite file, or a PostgreSQL database on the given server. */
type Store = DatabaseConfig;

const urlOf = (store: Store) => (store.dialect === 'sqlite' ? `sqlite:${store.file}` : store.url);

/** An admin client's query on the PostgreSQL server (create, drop databases). */
async function onPostgresServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function postgresDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Dataset {
  store: Store;
  linktitle: string;
  popular: string;
  username: string;
}

/** The bulk-seeded database for these sizes, made once and reused while its marker file says it is complete. */
async function ensureDataset(options: BenchOptions): Promise<Dataset> {
  const { users, portfolios, likes, comments, seed } = options.dataset;
  const name = `bench-u${users}-p${portfolios}-l${likes}-c${comments}-s${seed}`;
  const store: Store =
    options.postgresUrl === undefined
      ? { dialect: 'sqlite', file: path.join(options.dir, `${name}.db`) }
      : { dialect: 'postgres', url: postgresDatabase(options.postgresUrl, name.replaceAll('-', '_')) };
  const marker = path.join(options.dir, `${name}${store.dialect === 'postgres' ? '-postgres' : ''}.json`);
  fs.mkdirSync(options.dir, { recursive: true });
  const present = store.dialect === 'sqlite' ? fs.existsSync(store.file) : true;
  if (!fs.existsSync(marker) || !present) {
    if (store.dialect === 'sqlite') {
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${store.file}${suffix}`, { force: true });
    } else {
      const database = new URL(store.url).pathname.slice(1);
      await onPostgresServer(options.postgresUrl!, `drop database if exists ${database} with (force)`);
      await onPostgresServer(options.postgresUrl!, `create database ${database}`);
    }
    log(`Seeding ${store.dialect === 'sqlite' ? store.file : store.url} (once; later runs reuse it)`);
    const started = performance.now();
    const database = createDatabase(store, { logger: console });
    try {
      await migrateToLatest(database.db);
      await seedBulk(database.db, store.dialect, options.dataset, (message) => {
        const counted = /^(?:users|portfolios) (\d+)\/(\d+)$/.exec(message);
        if (!counted || counted[1] === counted[2]) log(`  ${message}`);
      });
    } finally {
      await database.destroy();
    }
    const seconds = (performance.now() - started) / 1000;
    fs.writeFileSync(marker, JSON.stringify({ ...options.dataset, seededIn: seconds }, null, 2));
    log(`Seeded in ${seconds.toFixed(1)} s`);
  } else {
    log(`Reusing ${urlOf(store)}`);
  }
  const database = createDatabase(store, { logger: console });
  try {
    const newest = await database.db
      .selectFrom('portfolios')
      .select('linktitle')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const popular = await database.db
      .selectFrom('portfolios')
      .select('linktitle')
      .orderBy('likes_count', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const user = await database.db.selectFrom('users').select('username').orderBy('id').executeTakeFirst();
    if (!newest || !popular || !user) {
      throw new BenchError(`${urlOf(store)} has no portfolios; delete its marker ${marker} and run again`);
    }
    return { store, linktitle: newest.linktitle, popular: popular.linktitle, username: user.username };
  } finally {
    await database.destroy();
  }
}

/**
 * A copy of the dataset for the writes, so the reads of later runs see the data as seeded: a file copy
 * on SQLite (the server that read it has stopped; what its write-ahead log still held is checkpointed
 * into the file first, or the copy would miss it), a database made from it as a template on PostgreSQL.
 */
async function copyForWrites(
  options: BenchOptions,
  store: Store,
): Promise<{ store: Store; remove: () => Promise<void> }> {
  if (store.dialect === 'sqlite') {
    const file = path.join(options.dir, 'writes-run.db');
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    const source = new SQLite(store.file);
    try {
      source.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      source.close();
    }
    fs.copyFileSync(store.file, file);
    return {
      store: { dialect: 'sqlite', file },
      remove: async () => {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
      },
    };
  }
  const source = new URL(store.url).pathname.slice(1);
  const name = 'pm_bench_writes_run';
  await onPostgresServer(options.postgresUrl!, `drop database if exists ${name} with (force)`);
  await onPostgresServer(options.postgresUrl!, `create database ${name} template ${source}`);
  return {
    store: { dialect: 'postgres', url: postgresDatabase(options.postgresUrl!, name) },
    remove: () => onPostgresServer(options.postgresUrl!, `drop database if exists ${name} with (force)`),
  };
}

/** What the endpoints ask for, read through the API itself, and a signed-in user's token. */
async function resolveTarget(
  base: string,
  dataset: { linktitle: string; popular: string; username: string },
): Promise<{ target: Target; token: string }> {
  const response = await fetch(`${base}/api/portfolio/${encodeURIComponent(dataset.popular)}`);
  if (!response.ok) throw new BenchError(`The most liked portfolio answered ${response.status}`);
  const popular = (await response.json()) as { _id: string; commentsNext: string | null };
  const [token] = await signInMany(base, [dataset.username]);
  return {
    target: {
      linktitle: dataset.linktitle,
      popular: { id: popular._id, linktitle: dataset.popular, commentsNext: popular.commentsNext },
    },
    token: token!,
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built server and resolves once it answers; fails with its output when it exits instead. */
async function startServer(
  store: Store,
  options: BenchOptions,
  uploadDir = path.join(options.dir, 'uploads'),
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: string }> {
  if (!fs.existsSync(SERVER_ENTRY))
    throw new BenchError(`${SERVER_ENTRY} is missing: run npm run build first`);
  const port = await freePort();
  // As `npm start` runs it (see QuietTime).
  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const child = spawn(process.execPath, ['--expose-gc', ...profile, SERVER_ENTRY], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: urlOf(store),
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      READ_CACHE: options.readCache ? 'on' : 'off',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      UPLOAD_DIR: uploadDir,
      MAIL_DIR: path.join(options.dir, 'mail'),
      // As `npm start` runs it.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) =>
      reject(
        new BenchError(`The server exited during start-up (${signal ?? `code ${code}`}):\n${output.trim()}`),
      ),
    );
  });
  exited.catch(() => undefined);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await Promise.race([
        fetch(`${base}/api/user/all?limit=1`, { signal: AbortSignal.timeout(2000) }),
        exited,
      ]);
      return { child, base };
    } catch (error) {
      if (error instanceof BenchError) throw error;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new BenchError(`The server did not answer within 60 s:\n${output.trim()}`);
      }
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 200)), exited]);
    }
  }
}

interface Recorded {
  contentType: string;
  /** The body's `Content-Encoding`, when it was asked for compressed. */
  contentEncoding?: string;
  body: string;
}

/** A GET's status, headers and body bytes as they came (no decoding). */
function getRaw(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** The bare comparison server: same status, content type and body bytes, straight from memory. */
function serveRecorded(file: string): void {
  const recorded = new Map(
    Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Recorded>).map(
      ([url, entry]) => [
        url,
        {
          headers: {
            'content-type': entry.contentType,
            ...(entry.contentEncoding ? { 'content-encoding': entry.contentEncoding } : {}),
          },
          body: Buffer.from(entry.body, 'base64'),
        },
      ],
    ),
  );
  const server = http.createServer((request, response) => {
    const entry = recorded.get(request.url ?? '');
    if (!entry) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { ...entry.headers, 'content-length': entry.body.length });
    response.end(entry.body);
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(`PORT ${(server.address() as net.AddressInfo).port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

async function startBare(
  recorded: Record<string, Recorded>,
  dir: string,
): Promise<{ child: ChildProcess; base: string }> {
  const file = path.join(dir, 'recorded-responses.json');
  fs.writeFileSync(file, JSON.stringify(recorded));
  // execArgv carries tsx's loader, without which node cannot run this .ts file.
  const child = spawn(process.execPath, [...process.execArgv, THIS_FILE, '--serve-recorded', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /PORT (\d+)/.exec(buffered);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new BenchError(`The bare server exited (code ${code})`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * Load on `url` for `seconds`. The CPU time of the answering process (`pid`) is read from /proc before
 * and after: unlike requests per second, it hardly moves when other work shares the machine.
 */
async function load(
  url: string,
  seconds: number,
  connections: number,
  pid: number | undefined,
  headers: Record<string, string> = {},
): Promise<Measurement> {
  const cpuBefore = cpuMilliseconds(pid);
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1, headers });
  const cpuAfter = cpuMilliseconds(pid);
  const answered = result['2xx'];
  return {
    requestsPerSecond: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest:
      cpuBefore !== undefined && cpuAfter !== undefined && answered > 0
        ? (cpuAfter - cpuBefore) / answered
        : undefined,
  };
}

/** User plus system CPU time of a process in ms, from /proc (Linux); undefined elsewhere. */
function cpuMilliseconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ, the unit of /proc's CPU times, is 100 on every mainstream architecture. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Peak resident memory of a process in MB, from /proc (Linux); undefined elsewhere. */
function peakMemoryMegabytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function log(message: string): void {
  console.log(message);
}

function formatTable(rows: readonly Row[]): string {
  const header = [
    'Endpoint',
    'Path',
    'Body',
    'API req/s',
    'API p50 ms',
    'API p99 ms',
    'Bare req/s',
    'Bare p50 ms',
    'Bare p99 ms',
    'API / bare',
    'API CPU ms/req',
    'Bare CPU ms/req',
  ];
  const lines = rows.map((row) => [
    row.name,
    `\`${row.path.length > 60 ? `${row.path.slice(0, 57)}...` : row.path}\``,
    row.bytes >= 1024 ? `${(row.bytes / 1024).toFixed(1)} KB` : `${row.bytes} B`,
    Math.round(row.server.requestsPerSecond).toString() +
      (row.server.failures > 0 ? ` (${row.server.failures} failed)` : ''),
    row.server.p50.toFixed(0),
    row.server.p99.toFixed(0),
    Math.round(row.bare.requestsPerSecond).toString(),
    row.bare.p50.toFixed(0),
    row.bare.p99.toFixed(0),
    `${((100 * row.server.requestsPerSecond) / row.bare.requestsPerSecond).toFixed(1)} %`,
    formatCpu(row.server.cpuPerRequest),
    formatCpu(row.bare.cpuPerRequest),
  ]);
  return [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

const formatCpu = (ms: number | undefined) => (ms === undefined ? 'n/a' : ms.toFixed(3));

function markdown(
  rows: readonly Row[],
  options: BenchOptions,
  serverPeakMemory: number | undefined,
  comparison: string | undefined,
  writes: string | undefined,
): string {
  const { users, portfolios, likes, comments, seed } = options.dataset;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return [
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.platform()} ${os.release()}. ` +
      `${options.postgresUrl ? 'PostgreSQL' : 'SQLite'}, ${users} users, ${portfolios} portfolios, ${likes} likes, ${comments} comments (seed ${seed}). ` +
      (options.readCache
        ? 'Read cache on (the default). '
        : 'Read cache off (READ_CACHE=off): every answer is made anew. ') +
      `autocannon: ${options.connections} connections, ${options.duration} s per run after a ${options.warmup} s warm-up; ` +
      'the load generator shares the machine with the server. ' +
      `Load average when the run started: ${options.loadAverage.toFixed(2)}` +
      (options.loadAverage > 0.5
        ? ' (other work was running: numbers are lower than on an idle machine).'
        : '.'),
    '',
    formatTable(rows),
    '',
    `Peak resident memory of the API process: ${serverPeakMemory === undefined ? 'n/a' : `${serverPeakMemory.toFixed(0)} MB`}.`,
    ...(comparison ? ['', comparison] : []),
    ...(writes ? ['', writes] : []),
    '',
  ].join('\n');
}

/** The first 50 users (who write) and the ids of the newest portfolios (what they write to). */
async function writersAndTargets(
  store: Store,
  portfolios: number,
): Promise<{ usernames: string[]; portfolioIds: string[] }> {
  const database = createDatabase(store, { logger: console });
  try {
    const users = await database.db.selectFrom('users').select('username').orderBy('id').limit(50).execute();
    const targets = await database.db
      .selectFrom('portfolios')
      .select('id')
      .orderBy('created_at', 'desc')
      .limit(portfolios)
      .execute();
    return { usernames: users.map((row) => row.username), portfolioIds: targets.map((row) => row.id) };
  } finally {
    await database.destroy();
  }
}

/**
 * An SMTP server that takes every mail and keeps only their number: the writes' mail goes out as it does
 * in production (SMTP_URL), and the time it costs the sender is the server's.
 */
async function startMailSink(): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  sink.on('error', () => undefined);
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => sink.close(() => resolve())),
  };
}

/** Resolves once `count` has not moved for half a second. */
async function untilStill(count: () => number): Promise<void> {
  for (let before = -1, now = count(); now !== before; before = now, now = count()) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Writes from 50 signed-in users on a copy of the data, then the counters checked against the rows. */
async function benchWrites(options: BenchOptions, dataset: Dataset): Promise<string> {
  const copy = await copyForWrites(options, dataset.store);
  const uploadDir = path.join(options.dir, 'uploads-writes-run');
  let server: { child: ChildProcess; base: string } | undefined;
  const mail = await startMailSink();
  try {
    const { usernames, portfolioIds } = await writersAndTargets(copy.store, 2000);
    log('Writes: like toggles, comment posts, creates with one image (50 users)');
    server = await startServer(copy.store, options, uploadDir, { SMTP_URL: mail.url });
    const pid = server.child.pid;
    const tokens = await signInMany(server.base, usernames);
    const measured = await measureWrites({
      base: server.base,
      tokens,
      portfolioIds,
      seconds: options.duration,
      connections: options.connections,
      kinds: options.writes,
      cpu: () => cpuMilliseconds(pid),
      settled: () => untilStill(mail.received),
    });
    await stop(server.child);
    for (const row of measured) {
      log(
        `  ${row.name}: ${Math.round(row.requestsPerSecond)} req/s (p50 ${row.p50} ms, p99 ${row.p99} ms)` +
          `${row.failures ? `, ${row.failures} failed` : ''}; CPU per request ${formatCpu(row.cpuPerRequest)} ms`,
      );
    }
    const checked = createDatabase(copy.store, { logger: console });
    try {
      return formatWrites(measured, await checkCounters(checked));
    } finally {
      await checked.destroy();
    }
  } finally {
    await stop(server?.child);
    await mail.close();
    await copy.remove();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

const BURST_FOLLOWERS = 1000;
const BURST_CREATES = 20;
/** A create a second: each is the request that causes its own burst, while the ones before still go out. */
const BURST_GAP_MS = 1000;

/**
 * The Telegram burst (bench-telegram.ts) on a copy of the data: the server talks to a stand-in Bot API
 * server on 127.0.0.1, as in the tests.
 */
async function benchTelegramBurst(options: BenchOptions, dataset: Dataset): Promise<string> {
  const bot = await startBotApi();
  try {
    log(
      `Telegram burst: ${BURST_CREATES} creates by an author with ${BURST_FOLLOWERS} followers, before and after they link a chat`,
    );
    // Each row on its own copy of the same data: the creates of both write to tables of one size.
    const { times: before } = await burstRow(options, dataset, bot, false);
    const { times: during, burst } = await burstRow(options, dataset, bot, true);
    const measured = { before, during, ...burst! };
    log(
      `  creates p50 before ${percentile(before.times, 0.5).toFixed(1)} ms, during ${percentile(during.times, 0.5).toFixed(1)} ms; ${measured.sent} messages in ${measured.drainSeconds.toFixed(1)} s, at most ${measured.peakPerSecond} a second`,
    );
    return formatBurst(measured, BURST_FOLLOWERS);
  } finally {
    await bot.close();
  }
}

/**
 * One row of the burst's table on a fresh copy of the data: the author's creates, timed after a warm-up,
 * with the followers' chats linked (`linked`, each create then a burst, and the bursts are watched until
 * the first two went out) or not.
 */
async function burstRow(
  options: BenchOptions,
  dataset: Dataset,
  bot: StandInBotApi,
  linked: boolean,
): Promise<{ times: CreateTimes; burst: Omit<BurstMeasurement, 'before' | 'during'> | undefined }> {
  const copy = await copyForWrites(options, dataset.store);
  const uploadDir = path.join(options.dir, 'uploads-telegram-run');
  let server: { child: ChildProcess; base: string } | undefined;
  const database = createDatabase(copy.store, { logger: console });
  try {
    const setup = await prepareBurst(database, BURST_FOLLOWERS);
    server = await startServer(copy.store, options, uploadDir, {
      TELEGRAM_BOT_NAME: 'portfolio_master_bench_bot',
      TELEGRAM_BOT_TOKEN: '123456:bench-token-for-the-stand-in',
      TELEGRAM_API_URL: bot.url,
    });
    const pid = server.child.pid;
    const [token] = await signInMany(server.base, [setup.authorUsername]);
    const cpu = () => cpuMilliseconds(pid);
    // Warm up the create path first (before any chat is linked), so that the measured run does not pay for it.
    await timeCreates({ name: 'warm-up', base: server.base, token: token!, count: 5, cpu });
    if (linked) await linkChats(database, setup.followerIds);
    let firstAnsweredAt = Date.now();
    const times = await timeCreates({
      name: linked ? `each create ${BURST_FOLLOWERS} Telegram messages` : 'followers without Telegram',
      base: server.base,
      token: token!,
      count: BURST_CREATES,
      gapMs: BURST_GAP_MS,
      cpu,
      onFirst: (at) => {
        firstAnsweredAt = at;
      },
    });
    // The linked row's server stays up until its first two bursts went out.
    const burst = linked
      ? await watchBurst(bot, { expected: BURST_FOLLOWERS, firstAnsweredAt, timeoutMs: 180_000 })
      : undefined;
    return { times, burst };
  } finally {
    await stop(server?.child);
    await database.destroy();
    await copy.remove();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

/** Mixed reads and writes at many connections on a copy of the data, then the memory and counters. */
async function benchLoad(options: BenchOptions, dataset: Dataset): Promise<string> {
  const copy = await copyForWrites(options, dataset.store);
  const uploadDir = path.join(options.dir, 'uploads-load-run');
  let server: { child: ChildProcess; base: string } | undefined;
  try {
    const { usernames, portfolioIds } = await writersAndTargets(copy.store, 5000);
    server = await startServer(copy.store, options, uploadDir);
    const tokens = await signInMany(server.base, usernames);
    log(
      `Load: ${options.connections} connections for ${options.duration} s, then the memory ${options.settle} s later`,
    );
    const measured = await measureLoad({
      base: server.base,
      pids: [server.child.pid!],
      tokens,
      portfolioIds,
      seconds: options.duration,
      connections: options.connections,
      settleSeconds: options.settle,
    });
    await stop(server.child);
    return `${formatLoad(copy.store.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL', measured)}\n\nCounters afterwards: ${await countersAfterwards(copy.store)}`;
  } finally {
    await stop(server?.child);
    await copy.remove();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

/** Whether every stored counter still equals its rows, in words. */
async function countersAfterwards(store: Store): Promise<string> {
  const checked = createDatabase(store, { logger: console });
  try {
    const counters = await checkCounters(checked);
    const mismatches = counters.likes + counters.comments + counters.technologies;
    return mismatches === 0 ? 'every one equals its rows.' : `${mismatches} differ from their rows.`;
  } finally {
    await checked.destroy();
  }
}

/** The mixed load through nginx in front of one instance, then two, on a copy of the data. */
async function benchCluster(options: BenchOptions, dataset: Dataset): Promise<string> {
  const copy = await copyForWrites(options, dataset.store);
  const uploadDir = path.join(options.dir, 'uploads-cluster-run');
  const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', TRUST_PROXY: '127.0.0.1' };
  const servers: { child: ChildProcess; base: string }[] = [];
  let nginx: NginxProcess | undefined;
  const rows: { instances: number; load: LoadMeasurement }[] = [];
  try {
    const { usernames, portfolioIds } = await writersAndTargets(copy.store, 5000);
    for (const instances of [1, 2]) {
      while (servers.length < instances) servers.push(await startServer(copy.store, options, uploadDir, env));
      nginx = await startNginx(
        await freePort(),
        servers.map((server) => Number(new URL(server.base).port)),
      );
      const base = `http://127.0.0.1:${nginx.port}`;
      const tokens = await signInMany(base, usernames);
      log(
        `Cluster: ${instances} instance(s) behind nginx, ${options.connections} connections for ${options.duration} s`,
      );
      const load = await measureLoad({
        base,
        pids: servers.map((server) => server.child.pid!),
        tokens,
        portfolioIds,
        seconds: options.duration,
        connections: options.connections,
        settleSeconds: 0,
      });
      log(`  ${Math.round(load.requestsPerSecond)} req/s, p99 ${load.p99} ms, ${load.failures} failed`);
      rows.push({ instances, load });
      await nginx.stop();
      nginx = undefined;
    }
    await Promise.all(servers.map((server) => stop(server.child)));
    const counters = await countersAfterwards(copy.store);
    const [one, two] = rows;
    return [
      '| Instances behind nginx | Connections | Seconds | Answered | req/s | p50 ms | p99 ms | Failed | memory peak (all instances) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        ({ instances, load }) =>
          `| ${instances} | ${load.connections} | ${load.seconds} | ${load.requests} | ${Math.round(load.requestsPerSecond)} | ${load.p50} | ${load.p99} | ${load.failures} | ${load.memory.peak.toFixed(0)} MB |`,
      ),
      '',
      `Two instances answer ${(two!.load.requestsPerSecond / one!.load.requestsPerSecond).toFixed(2)}× the requests per second of one. ` +
        `Failures: ${rows.map(({ instances, load }) => `${instances}: ${load.failed}`).join('; ')}. ` +
        `Counters afterwards: ${counters}`,
    ].join('\n');
  } finally {
    await nginx?.stop();
    await Promise.all(servers.map((server) => stop(server.child)));
    await copy.remove();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  }
}

/** One measurement alone (`--load`, `--cluster`, `--telegram`): its table under a dated heading. */
function writeSection(options: BenchOptions, title: string, body: string): void {
  const report = `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${title}\n\n${body}\n`;
  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  fs.writeFileSync(options.out, report);
  log(`\n${report}\nWritten to ${options.out}`);
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  if (options.loadAverage > 0.5) {
    log(
      `Note: load average ${options.loadAverage.toFixed(2)}; other work on this machine will lower the numbers.`,
    );
  }
  const dataset = await ensureDataset(options);
  if (options.cluster)
    return writeSection(options, 'several instances behind nginx', await benchCluster(options, dataset));
  if (options.load) return writeSection(options, 'mixed load', await benchLoad(options, dataset));
  if (options.telegram)
    return writeSection(options, 'a Telegram burst', await benchTelegramBurst(options, dataset));
  if (options.search) {
    const database = createDatabase(dataset.store, { logger: console });
    try {
      return writeSection(options, 'searches, database time', formatSearch(await measureSearch(database)));
    } finally {
      await database.destroy();
    }
  }
  let server: { child: ChildProcess; base: string } | undefined;
  let bare: { child: ChildProcess; base: string } | undefined;
  const cleanUp = () => {
    server?.child.kill('SIGTERM');
    bare?.child.kill('SIGTERM');
  };
  process.once('SIGINT', () => {
    cleanUp();
    process.exit(130);
  });
  try {
    log('Starting the server');
    server = await startServer(dataset.store, options);
    const { target, token } = await resolveTarget(server.base, dataset);
    const selected = options.endpoints.map((index) => ENDPOINTS[index]!);
    const headersOf = (endpoint: Endpoint): Record<string, string> => ({
      ...(endpoint.signedIn ? { 'x-token': token } : {}),
      ...(endpoint.compressed ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {}),
    });
    // The bare server tells a signed-in answer (likedByMe) and a compressed one from the plain one by
    // their addresses.
    const bareUrl = (endpoint: Endpoint, url: string) => {
      const marks = [endpoint.signedIn ? 'signed-in' : '', endpoint.compressed ? 'compressed' : ''];
      const added = marks.filter(Boolean).join('&');
      return added ? `${url}${url.includes('?') ? '&' : '?'}${added}` : url;
    };
    const recorded: Record<string, Recorded> = {};
    for (const endpoint of selected) {
      const url = endpoint.path(target);
      // The bytes as sent (fetch would decode a compressed body).
      const response = await getRaw(`${server.base}${url}`, headersOf(endpoint));
      if (response.status < 200 || response.status >= 300) {
        throw new BenchError(
          `${endpoint.name}: GET ${url} answered ${response.status} during the warm-up:\n${response.body.toString().slice(0, 500)}`,
        );
      }
      const contentEncoding = response.headers['content-encoding'];
      if (endpoint.compressed && !contentEncoding) {
        throw new BenchError(
          `${endpoint.name}: GET ${url} was not compressed for a browser's Accept-Encoding`,
        );
      }
      recorded[bareUrl(endpoint, url)] = {
        contentType: response.headers['content-type'] ?? 'application/json',
        ...(contentEncoding ? { contentEncoding } : {}),
        body: response.body.toString('base64'),
      };
    }
    bare = await startBare(recorded, options.dir);

    const rows: Row[] = [];
    for (const endpoint of selected) {
      const url = endpoint.path(target);
      const headers = headersOf(endpoint);
      log(`${endpoint.name}: GET ${url}`);
      const warm = await load(
        `${server.base}${url}`,
        options.warmup,
        options.connections,
        server.child.pid,
        headers,
      );
      if (warm.failures > 0 || warm.requestsPerSecond === 0) {
        throw new BenchError(
          `${endpoint.name}: ${warm.failures} of the warm-up requests to ${url} failed (non-2xx or errors)`,
        );
      }
      await load(
        `${bare.base}${bareUrl(endpoint, url)}`,
        Math.min(1, options.warmup),
        options.connections,
        bare.child.pid,
      );
      const measured = await load(
        `${server.base}${url}`,
        options.duration,
        options.connections,
        server.child.pid,
        headers,
      );
      const baseline = await load(
        `${bare.base}${bareUrl(endpoint, url)}`,
        options.duration,
        options.connections,
        bare.child.pid,
      );
      const row = {
        name: endpoint.name,
        path: url,
        compressed: endpoint.compressed ?? false,
        bytes: Buffer.from(recorded[bareUrl(endpoint, url)]!.body, 'base64').length,
        server: measured,
        bare: baseline,
      };
      rows.push(row);
      log(
        `  API ${Math.round(measured.requestsPerSecond)} req/s (p50 ${measured.p50} ms, p99 ${measured.p99} ms), ` +
          `bare ${Math.round(baseline.requestsPerSecond)} req/s: ${((100 * measured.requestsPerSecond) / baseline.requestsPerSecond).toFixed(1)} %; ` +
          `CPU per request: API ${formatCpu(measured.cpuPerRequest)} ms, bare ${formatCpu(baseline.cpuPerRequest)} ms`,
      );
    }
    const comparison =
      [false, true]
        .map((compressed) => {
          const rowOf = (path: string) =>
            rows.find((row) => row.path === path && row.compressed === compressed);
          const [html, json] = [rowOf('/page/1'), rowOf('/api/portfolio?page=1')];
          if (!html || !json) return undefined;
          const cpu =
            html.server.cpuPerRequest !== undefined && json.server.cpuPerRequest
              ? `, at ${(html.server.cpuPerRequest / json.server.cpuPerRequest).toFixed(2)} times its CPU per request`
              : '';
          return `HTML /page/1${compressed ? ' as a browser asks' : ''} answers ${((100 * html.server.requestsPerSecond) / json.server.requestsPerSecond).toFixed(0)} % of the JSON page 1's requests per second${cpu}.`;
        })
        .filter(Boolean)
        .join(' ') || undefined;
    const peakMemory = peakMemoryMegabytes(server.child.pid);
    await Promise.all([stop(server.child), stop(bare.child)]);
    const writeParts: string[] = [];
    if (options.writes.length > 0) writeParts.push(await benchWrites(options, dataset));
    // The burst measures creates against the writes' own: only with every write on.
    if (options.writes.length === WRITE_KINDS.length)
      writeParts.push(await benchTelegramBurst(options, dataset));
    const writes = writeParts.length > 0 ? writeParts.join('\n\n') : undefined;
    const report = markdown(rows, options, peakMemory, comparison, writes);
    fs.mkdirSync(path.dirname(options.out), { recursive: true });
    fs.writeFileSync(options.out, report);
    log(`\n${report}\nWritten to ${options.out}`);
  } finally {
    await Promise.all([stop(server?.child), stop(bare?.child)]);
  }
}

if (process.argv[2] === '--serve-recorded' && process.argv[3]) {
  serveRecorded(process.argv[3]);
} else {
  main().catch((error: unknown) => {
    console.error(error instanceof BenchError ? error.message : error);
    process.exit(1);
  });
}
