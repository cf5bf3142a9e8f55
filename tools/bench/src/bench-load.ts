import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { pick, portfolioForm, sampleImage } from './bench-writes.js';

/** What the mixed load asks for, out of 1000 requests. */
const MIX = [
  { weight: 380, kind: 'a list page' },
  { weight: 150, kind: 'a list page, signed in' },
  { weight: 150, kind: 'a portfolio' },
  { weight: 100, kind: 'a portfolio, signed in' },
  { weight: 110, kind: 'a like toggle' },
  { weight: 95, kind: 'a comment' },
  { weight: 10, kind: 'a search' },
  { weight: 5, kind: 'a portfolio created with an image' },
] as const;
type Kind = (typeof MIX)[number]['kind'];

export interface LoadMeasurement {
  seconds: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, connection errors and timeouts. */
  failures: number;
  /** What the failures were: status codes with their counts, errors, timeouts. */
  failed: string;
  /** The server's own memory in MB (RssAnon): before, at its highest during, right after, `settleSeconds` later. */
  memory: { before: number; peak: number; after: number; settled: number };
  settleSeconds: number;
}

function kindOf(roll: number): Kind {
  let sum = 0;
  for (const entry of MIX) {
    sum += entry.weight;
    if (roll < sum) return entry.kind;
  }
  return MIX[0].kind;
}

/**
 * The server's own resident memory in MB (RssAnon, from /proc): its heap, buffers and caches. Pages of
 * the SQLite file it reads through mmap are resident too (RssFile), but they are the kernel's page cache,
 * shared and given back under pressure, so they are left out.
 */
function residentMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

const memoryOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + residentMegabytes(pid), 0);

type Load = (options: autocannon.Options) => Promise<autocannon.Result>;

/**
 * Reads and writes mixed as a busy site sees them (MIX), from many signed-in users and anonymous
 * readers at `connections` for `seconds`; then the server's memory is watched for `settleSeconds` more.
 */
export async function measureLoad(options: {
  base: string;
  /** The server processes whose memory is watched (summed). */
  pids: readonly number[];
  tokens: readonly string[];
  portfolioIds: readonly string[];
  seconds: number;
  connections: number;
  settleSeconds: number;
}): Promise<LoadMeasurement> {
  const { tokens, portfolioIds } = options;
  const image = await sampleImage();
  const sorts = ['new', 'popular', 'discussed'];
  const before = memoryOf(options.pids);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(options.pids));
  }, 250);
  let result: autocannon.Result;
  try {
    result = await (autocannon as unknown as Load)({
      url: options.base,
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          setupRequest: (request) => {
            const kind = kindOf(Math.random() * 1000);
            const token = { 'x-token': pick(tokens) };
            const page = 1 + Math.floor(Math.random() * 50);
            const list = `/api/portfolio?page=${page}&sort=${pick(sorts)}`;
            const portfolio = `/api/portfolio/${pick(portfolioIds)}`;
            switch (kind) {
              case 'a list page':
                return { ...request, method: 'GET', path: list };
              case 'a list page, signed in':
                return { ...request, method: 'GET', path: list, headers: { ...request.headers, ...token } };
              case 'a portfolio':
                return { ...request, method: 'GET', path: portfolio };
              case 'a portfolio, signed in':
                return {
                  ...request,
                  method: 'GET',
                  path: portfolio,
                  headers: { ...request.headers, ...token },
                };
              case 'a search':
                return {
                  ...request,
                  method: 'GET',
                  path: `/api/portfolio?q=${pick(['kutubxona', 'bot', 'sayt'])}`,
                };
              case 'a like toggle':
                return {
                  ...request,
                  method: 'PUT',
                  path: `/api/portfolio/like/${pick(portfolioIds)}`,
                  headers: { ...request.headers, ...token },
                };
              case 'a comment':
                return {
                  ...request,
                  method: 'PUT',
                  path: `/api/portfolio/comment/${pick(portfolioIds)}`,
                  headers: { ...request.headers, ...token, 'content-type': 'application/json' },
                  body: JSON.stringify({ body: `Zo‘r! ${randomBytes(4).toString('hex')}` }),
                };
              case 'a portfolio created with an image': {
                const form = portfolioForm(image);
                return {
                  ...request,
                  method: 'POST',
                  path: '/api/portfolio/create',
                  headers: { ...request.headers, ...token, 'content-type': form.contentType },
                  body: form.body,
                };
              }
            }
          },
        },
      ],
    });
  } finally {
    clearInterval(sampler);
  }
  const after = memoryOf(options.pids);
  await new Promise((resolve) => setTimeout(resolve, options.settleSeconds * 1000));
  const settled = memoryOf(options.pids);
  const answered = result['2xx'];
  return {
    seconds: options.seconds,
    connections: options.connections,
    requests: answered,
    requestsPerSecond: answered / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts each timeout among its errors as well.
    failures: result.non2xx + result.errors,
    failed: describeFailures(result),
    memory: { before, peak: Math.max(peak, after), after, settled },
    settleSeconds: options.settleSeconds,
  };
}

function describeFailures(result: autocannon.Result): string {
  const statuses = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const parts = Object.entries(statuses)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count} × ${code}`);
  const connectionErrors = result.errors - result.timeouts;
  if (connectionErrors > 0) parts.push(`${connectionErrors} connection errors`);
  if (result.timeouts > 0) parts.push(`${result.timeouts} timeouts`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

export function formatLoad(database: string, load: LoadMeasurement): string {
  const mb = (value: number) => value.toFixed(0);
  const mix = MIX.map((entry) => `${(entry.weight / 10).toFixed(1)} % ${entry.kind}`).join(', ');
  return [
    `| Database | Connections | Seconds | Answered | req/s | p50 ms | p99 ms | Failed | memory before | peak | after | ${load.settleSeconds} s later |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${database} | ${load.connections} | ${load.seconds} | ${load.requests} | ${Math.round(load.requestsPerSecond)} | ${load.p50} | ${load.p99} | ${load.failures} | ${mb(load.memory.before)} MB | ${mb(load.memory.peak)} MB | ${mb(load.memory.after)} MB | ${mb(load.memory.settled)} MB |`,
    '',
    `Failures: ${load.failed}. The mix: ${mix}.`,
  ].join('\n');
}
