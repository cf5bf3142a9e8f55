import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@portfolio-master/server/db/database';
import { BULK_PASSWORD } from '@portfolio-master/server/seed/bulk';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import sharp from 'sharp';

/**
 * The write half of `npm run bench`: like toggles, comment posts and portfolio creates (a form with one
 * JPEG) from many signed-in users at once, then a check that every stored counter equals its rows.
 */

export interface WriteMeasurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  cpuPerRequest: number | undefined;
}

export interface CounterCheck {
  likes: number;
  comments: number;
  technologies: number;
}

/** Signs in `count` bulk users (the demo password) and returns their tokens. */
export async function signInMany(base: string, usernames: readonly string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const username of usernames) {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: username, password: BULK_PASSWORD }),
    });
    const token = response.headers.get('x-token');
    if (!response.ok || !token) throw new Error(`Signing in as ${username} answered ${response.status}`);
    tokens.push(token);
  }
  return tokens;
}

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** A multipart body as the web app sends it: the fields and, when given, one image under `images`. */
export function portfolioForm(image?: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const title = `Yuklama sinovi ${randomBytes(6).toString('hex')}`;
  const fields: [string, string][] = [
    ['title', title],
    ['url', 'https://bench.example.uz'],
    ['description', 'Bir vaqtda ko‘p foydalanuvchi yaratgan portfolio.'],
    ['used', 'TypeScript'],
    ['used', 'React'],
  ];
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join('')),
    ...(image
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="cover.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          image,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1200×800 photo-like JPEG (a gradient with noise), about what a screenshot of a project weighs. */
export async function sampleImage(): Promise<Buffer> {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const noise = (x * 7919 + y * 104729) % 23;
      pixels[offset] = (x * 255) / width + noise;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 160 + noise;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export const WRITE_KINDS = ['like', 'comment', 'create'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/** `--writes`: on (every kind), off (none) or a comma-separated list of kinds; undefined when invalid. */
export function parseWrites(value: string): WriteKind[] | undefined {
  if (value === 'on') return [...WRITE_KINDS];
  if (value === 'off') return [];
  const kinds = value.split(',');
  return kinds.every((kind): kind is WriteKind => (WRITE_KINDS as readonly string[]).includes(kind))
    ? WRITE_KINDS.filter((kind) => kinds.includes(kind))
    : undefined;
}

type Load = (options: autocannon.Options) => Promise<autocannon.Result>;

/** Like toggles, comment posts and creates, each for `seconds` at `connections`. */
export async function measureWrites(options: {
  base: string;
  tokens: readonly string[];
  portfolioIds: readonly string[];
  seconds: number;
  connections: number;
  kinds: readonly WriteKind[];
  cpu: () => number | undefined;
  /** Resolves once the work the writes left for after their answers (their mail) is done. */
  settled: () => Promise<void>;
}): Promise<WriteMeasurement[]> {
  const { base, tokens, portfolioIds } = options;
  // Encoded only when creates are measured.
  const image = options.kinds.includes('create') ? await sampleImage() : undefined;
  const runs: { kind: WriteKind; name: string; request: autocannon.Request }[] = [
    {
      kind: 'like',
      name: 'like toggle',
      request: {
        method: 'PUT',
        setupRequest: (request) => ({
          ...request,
          path: `/api/portfolio/like/${pick(portfolioIds)}`,
          headers: { ...request.headers, 'x-token': pick(tokens) },
        }),
      },
    },
    {
      kind: 'comment',
      name: 'comment post',
      request: {
        method: 'PUT',
        setupRequest: (request) => ({
          ...request,
          path: `/api/portfolio/comment/${pick(portfolioIds)}`,
          headers: { ...request.headers, 'x-token': pick(tokens), 'content-type': 'application/json' },
          body: JSON.stringify({ body: `Yaxshi ish! ${randomBytes(4).toString('hex')}` }),
        }),
      },
    },
    {
      kind: 'create',
      name: 'portfolio create, one image',
      request: {
        method: 'POST',
        setupRequest: (request) => {
          const form = portfolioForm(image);
          return {
            ...request,
            path: '/api/portfolio/create',
            headers: { ...request.headers, 'x-token': pick(tokens), 'content-type': form.contentType },
            body: form.body,
          };
        },
      },
    },
  ];
  const results: WriteMeasurement[] = [];
  for (const run of runs.filter((candidate) => options.kinds.includes(candidate.kind))) {
    const before = options.cpu();
    const result = await (autocannon as unknown as Load)({
      url: base,
      connections: options.connections,
      duration: options.seconds,
      requests: [run.request],
    });
    // A write's CPU includes what it leaves for after its answer (its mail, sent in batches).
    await options.settled();
    const after = options.cpu();
    const answered = result['2xx'];
    results.push({
      name: run.name,
      requestsPerSecond: answered / result.duration,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
      cpuPerRequest:
        before !== undefined && after !== undefined && answered > 0 ? (after - before) / answered : undefined,
    });
  }
  return results;
}

/** How many portfolios' (or technologies') stored counters differ from their rows: all should be 0. */
export async function checkCounters(database: DatabaseHandle): Promise<CounterCheck> {
  const { db } = database;
  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  return {
    likes: await count(sql<{ n: number | string }>`select count(*) as n from portfolios p
      where p.likes_count <> (select count(*) from likes l where l.portfolio_id = p.id)`),
    comments: await count(sql<{ n: number | string }>`select count(*) as n from portfolios p
      where p.comments_count <> (select count(*) from comments c where c.portfolio_id = p.id)`),
    technologies: await count(sql<{ n: number | string }>`select count(*) as n from technologies t
      where t.portfolios_count <> (select count(*) from portfolio_technologies pt where pt.technology_id = t.id)`),
  };
}

export function formatWrites(rows: readonly WriteMeasurement[], counters: CounterCheck): string {
  const header = ['Write', 'req/s', 'p50 ms', 'p99 ms', 'Failed', 'CPU ms/req'];
  const lines = rows.map((row) => [
    row.name,
    Math.round(row.requestsPerSecond).toString(),
    row.p50.toFixed(0),
    row.p99.toFixed(0),
    row.failures.toString(),
    row.cpuPerRequest === undefined ? 'n/a' : row.cpuPerRequest.toFixed(3),
  ]);
  const table = [header, header.map(() => '---'), ...lines]
    .map((cells) => `| ${cells.join(' | ')} |`)
    .join('\n');
  const mismatches = counters.likes + counters.comments + counters.technologies;
  return `${table}\n\nCounters after the writes: ${
    mismatches === 0
      ? 'every likes_count, comments_count and technology count equals its rows.'
      : `${counters.likes} likes counts, ${counters.comments} comments counts and ${counters.technologies} technology counts differ from their rows.`
  }`;
}
