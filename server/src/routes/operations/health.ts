import type { FastifyInstance } from 'fastify';
import { DATABASE_TIMEOUTS } from '../../db/client';

/** How long /readyz waits for the database's answer (a load balancer checks every second). */
const READINESS_TIMEOUT_MS = DATABASE_TIMEOUTS.connectMs;

/** Resolves with the promise's value, or rejects once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators. `/healthz` answers while the process runs. `/readyz` tells
 * the truth about the dependencies (docs/operations/faults-and-chaos.md, "When a dependency
 * fails"): 503 `unavailable` while the database does not answer (take the instance out of
 * rotation), 200 `degraded` with each reason while Redis, the share-change channel or sign-in's
 * keys are away (it serves, with the stated fallbacks), 200 `ready` otherwise.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { config: { neverShed: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { config: { neverShed: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await within(app.database.ping(), READINESS_TIMEOUT_MS);
      app.health.up('database');
    } catch (error) {
      app.health.down('database', 'not answering', error);
    }
    const dependencies = app.health.snapshot();
    const down = Object.values(dependencies).filter((state) => !state.up);
    if (!app.health.isUp('database')) {
      request.log.warn('readiness: the database does not answer');
      return reply.code(503).send({ status: 'unavailable', dependencies });
    }
    // Shedding load (a flood): it still serves most requests, the balancer keeps it.
    const shedding = app.isUnderPressure();
    return {
      status: down.length > 0 || shedding ? 'degraded' : 'ready',
      dependencies,
      ...(shedding ? { shedding: true } : {}),
    };
  });
}
