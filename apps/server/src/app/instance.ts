import { Socket } from 'node:net';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { requestForLog, SECRET_HEADERS } from '../lib/log-redaction.js';
import { Metrics } from '../lib/metrics.js';
import { requestIds } from '../lib/request-ids.js';
import { registerErrorHandling, sendProblem } from '../plugins/errors.js';
import { registerJsonParser } from '../plugins/json-body.js';
import { registerLingeringClose } from '../plugins/lingering-close.js';
import { CachedResponses, serverWithCachedResponses } from '../plugins/read-cache.js';
import { registerRequestMetrics } from '../plugins/request-metrics.js';
import { registerSerializers } from '../plugins/serializers.js';

/**
 * The Fastify instance with what every answer goes through: request ids, logging without secrets,
 * validation and serialization, metrics, problem documents for errors. The cached responses sit in front
 * of the framework (its server factory), so they are made here with it.
 */
export function createInstance(config: Config, logger: FastifyServerOptions['logger']) {
  const metrics = new Metrics();
  const requestId = requestIds(Boolean(config.trustProxy));
  const cachedResponses = new CachedResponses(config.readCache, requestId, metrics);
  const app = Fastify({
    serverFactory: serverWithCachedResponses(cachedResponses, requestId),
    genReqId: requestId,
    // Whatever logger a caller gives keeps the secrets out of it.
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            redact: SECRET_HEADERS,
            serializers: { req: requestForLog },
            ...(typeof logger === 'object' ? logger : {}),
          },
    // The page renderer's API reads are injected (no socket): the page's own request line says enough.
    logController: new LogController({
      disableRequestLogging: (request) => !(request.raw.socket instanceof Socket),
    }),
    // Fastify accepts a hop count too, though its types leave it out.
    trustProxy: (config.trustProxy ?? false) as boolean | string | string[],
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
    // Errors raised before routing (a malformed URL, say) get the same answers as every other error.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      return sendProblem(request, reply, { status, code: 'BAD_REQUEST', detail: 'problem.route.malformed' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  registerSerializers(app, { validate: config.validateResponses });
  registerRequestMetrics(app, metrics);
  registerErrorHandling(app);
  registerJsonParser(app);
  registerLingeringClose(app);
  return { app, metrics, cachedResponses };
}
