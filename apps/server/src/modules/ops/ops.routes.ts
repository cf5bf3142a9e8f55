import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pendingMigrations } from '../../db/migrator.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { Metrics } from '../../lib/metrics.js';
import type { Outages } from '../../lib/outages.js';

/** How long a readiness check waits for each part. */
const CHECK_TIMEOUT_MS = 2000;

/** What these routes are handed: the app passes its services. */
export interface OpsRouteDependencies {
  config: Config;
  db: Kysely<Database>;
  metrics: Metrics;
  outages: Outages;
}

/**
 * For load balancers and monitoring, outside the API: `/healthz` (the process answers), `/readyz` (it
 * can serve: database, migrations, Redis and storage; 503 naming what failed, and while shutting down),
 * `/metrics` (Prometheus, only with `METRICS_TOKEN`, sent as a bearer token).
 */
export async function opsRoutes(app: FastifyInstance, services: OpsRouteDependencies): Promise<void> {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

  const noStore = { 'cache-control': 'no-store' };

  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const [parts, pending] = await Promise.all([
      services.outages.check(CHECK_TIMEOUT_MS),
      pendingMigrations(services.db).then(
        (names) => (names.length === 0 ? null : `not applied: ${names.join(', ')}`),
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
    ]);
    const checks: Record<string, string> = { shutdown: draining ? 'draining' : 'ok' };
    for (const [part, failure] of Object.entries({ ...parts, migrations: pending })) {
      checks[part] = failure ?? 'ok';
    }
    const ready = Object.values(checks).every((value) => value === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'unavailable', checks });
  });

  const token = services.config.metricsToken;
  app.get('/metrics', async (request, reply) => {
    if (!token) throw notFound('problem.route.notFound');
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(sent, token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, 'UNAUTHORIZED', 'problem.metrics.token');
    }
    return reply
      .headers(noStore)
      .type(services.metrics.registry.contentType)
      .send(await services.metrics.registry.metrics());
  });
}

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
