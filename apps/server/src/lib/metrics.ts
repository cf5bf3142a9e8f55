import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Connections of a PostgreSQL pool, as `pg.Pool` counts them. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * What an operator watches, in Prometheus's text format at `/metrics` (see ops.routes.ts): each app has
 * a registry of its own, so several in one process (the tests) do not mix.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Every answer, by route pattern (not the URL: bounded labels) and status, cached responses included. */
  readonly requests = new Histogram({
    name: 'pm_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /**
   * Reads answered from cached bytes (as everyone sees them, or with a viewer's likes) or made anew. The
   * metric keeps its first name, which dashboards and alerts already query.
   */
  readonly cachedResponses = new Counter({
    name: 'pm_kept_answers_total',
    help: 'GET answers of cached routes: shared (cached bytes), personal (cached bytes with the viewer’s likes), made',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly imageVariants = new Histogram({
    name: 'pm_image_variant_seconds',
    help: 'Narrower copies of images made on first request, and how long each took',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: 'pm_rate_limit_refusals_total',
    help: 'Requests refused with 429, by rule',
    labelNames: ['rule'] as const,
    registers: [this.registry],
  });

  readonly unavailable = new Counter({
    name: 'pm_unavailable_total',
    help: 'Requests answered 503 because a part was away, by part',
    labelNames: ['part'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The database pool's connections (PostgreSQL), read when scraped. */
  watchPool(stats: () => PoolStats): void {
    new Gauge({
      name: 'pm_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const { total, idle, waiting } = stats();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** 1 for each part that works, 0 while it is away; typed by what it reads, as `Outages` imports this module. */
  watchParts<Part extends string>(outages: { isDown(part: Part): boolean }, parts: readonly Part[]): void {
    new Gauge({
      name: 'pm_part_up',
      help: 'Whether a part the site needs is there (1) or away (0)',
      labelNames: ['part'] as const,
      registers: [this.registry],
      collect() {
        for (const part of parts) this.set({ part }, outages.isDown(part) ? 0 : 1);
      },
    });
  }
}
