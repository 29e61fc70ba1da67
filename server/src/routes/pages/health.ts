import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * For load balancers and orchestrators: `/healthz` answers while the process runs, `/readyz` only
 * while the database answers too (take the instance out of rotation otherwise).
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
