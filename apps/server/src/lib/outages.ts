import type { MessageKey } from '@portfolio-master/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from './http-error.js';
import type { Metrics } from './metrics.js';

/**
 * What the site needs from outside the process and can lose for a while: the database (PostgreSQL
 * restarting, a SQLite file another process holds locked), the disk the images go to, and Redis.
 */
export type Part = 'database' | 'storage' | 'redis';

/** Checks a part once: resolves when it works again. */
export type Probe = () => Promise<void>;

const PROBE_INTERVAL_MS = 1000;

/** What a request that needs a missing part is told (Redis has none: the site works on without it). */
const UNAVAILABLE: Record<Exclude<Part, 'redis'>, { retryAfterSeconds: number; detail: MessageKey }> = {
  database: { retryAfterSeconds: 5, detail: 'problem.unavailable.database' },
  storage: { retryAfterSeconds: 60, detail: 'problem.unavailable.storage' },
};

/** What the site does meanwhile, for the log line. */
const MEANWHILE: Record<Part, string> = {
  database: 'requests that need it are answered 503, cached pages are still served',
  storage: 'uploads are answered 503',
  redis: 'rate limits are counted in this instance only and nothing read is cached',
};

const DATABASE_CODES = new Set([
  // The connection: refused (restarting), cut, or no route.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  // PostgreSQL: shutting down, starting up, connection failures, too many connections.
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

/** node-postgres reports these without a code. */
const DATABASE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i;

/**
 * Which part an error says is missing, or undefined for any other error. SQLite: the file locked by
 * another process past the busy timeout, or an I/O error; a full disk (the database's or the images')
 * is `storage`.
 */
export function missingPart(error: unknown): Exclude<Part, 'redis'> | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return 'storage';
  // libvips says it in words only.
  if (typeof message === 'string' && /No space left on device|Disk quota exceeded/.test(message))
    return 'storage';
  if (typeof code === 'string') {
    if (DATABASE_CODES.has(code)) return 'database';
    if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|PROTOCOL)/.test(code)) return 'database';
  }
  if (typeof message === 'string' && DATABASE_MESSAGES.test(message)) return 'database';
  return undefined;
}

interface Outage {
  since: number;
  /** Requests answered 503 meanwhile. */
  refused: number;
  timer: NodeJS.Timeout;
}

/**
 * Keeps track of parts that are away. The first failure of an outage logs one line (what is missing,
 * why, what the site does meanwhile); the part is then probed every second until it answers, which
 * logs one more line. Nothing waits for the probe: each request still tries, so the site recovers as
 * soon as the part is back, without a restart.
 */
export class Outages {
  private readonly probes = new Map<Part, Probe[]>();
  private readonly outages = new Map<Part, Outage>();
  private readonly probing = new Set<Part>();

  /** `logger`: the app's, also for the services that log (they get it from here). */
  constructor(
    readonly logger: FastifyBaseLogger,
    private readonly metrics?: Metrics,
  ) {
    metrics?.watchParts(this, ['database', 'storage', 'redis']);
  }

  /** How to tell that `part` works again; several probes of one part must all pass. */
  watch(part: Part, probe: Probe): void {
    const probes = this.probes.get(part) ?? [];
    probes.push(probe);
    this.probes.set(part, probes);
  }

  isDown(part: Part): boolean {
    return this.outages.has(part);
  }

  /** `part` failed: the start of an outage unless one is already under way. */
  report(part: Part, error: unknown): void {
    if (this.outages.has(part)) return;
    const reason = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown } | null)?.code;
    this.logger.error(
      { part, code: typeof code === 'string' ? code : undefined },
      `${part} unavailable (${reason}): ${MEANWHILE[part]} until it is back`,
    );
    const timer = setInterval(() => void this.probe(part), PROBE_INTERVAL_MS);
    timer.unref();
    this.outages.set(part, { since: Date.now(), refused: 0, timer });
  }

  /**
   * The 503 for a request that failed with `error`, if the error says a part is missing (and the
   * outage is recorded); undefined for any other error.
   */
  refusal(error: unknown): HttpError | undefined {
    const part = missingPart(error);
    if (!part) return undefined;
    this.report(part, error);
    const outage = this.outages.get(part);
    if (outage) outage.refused += 1;
    this.metrics?.unavailable.inc({ part });
    const { retryAfterSeconds, detail } = UNAVAILABLE[part];
    return new HttpError(503, 'SERVICE_UNAVAILABLE', detail, undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }

  /**
   * Runs every part's probes now (each given `timeoutMs`): null for a part that works, else why not.
   * For readiness checks; it records nothing.
   */
  async check(timeoutMs: number): Promise<Partial<Record<Part, string | null>>> {
    const entries = await Promise.all(
      [...this.probes].map(async ([part, probes]) => {
        try {
          await withTimeout(Promise.all(probes.map((probe) => probe())), timeoutMs);
          return [part, null] as const;
        } catch (error) {
          return [part, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    return Object.fromEntries(entries);
  }

  private async probe(part: Part): Promise<void> {
    const outage = this.outages.get(part);
    if (!outage || this.probing.has(part)) return;
    this.probing.add(part);
    try {
      await Promise.all((this.probes.get(part) ?? []).map((probe) => probe()));
    } catch {
      return;
    } finally {
      this.probing.delete(part);
    }
    clearInterval(outage.timer);
    this.outages.delete(part);
    const seconds = ((Date.now() - outage.since) / 1000).toFixed(1);
    this.logger.info(
      { part, seconds: Number(seconds), refused: outage.refused },
      `${part} available again after ${seconds} s`,
    );
  }

  close(): void {
    for (const outage of this.outages.values()) clearInterval(outage.timer);
    this.outages.clear();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
