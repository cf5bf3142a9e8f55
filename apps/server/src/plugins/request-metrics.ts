import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics.js';

/**
 * Every answer the framework sends is timed by route pattern and status (cached responses, sent before
 * the framework, are timed where they are sent). Its `x-request-id` is set by the HTTP server before the
 * framework sees the request (`serverWithCachedResponses`): a header there costs less than a hook here.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requests.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
