import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { API_HEADERS } from 'shared-contracts';
import type { ServerEnv } from '../../config/env';

/** CORS for the configured origins, on the API and on static files (the MF runtime fetches manifests). */
export async function registerCors(app: FastifyInstance, env: ServerEnv): Promise<void> {
  const allowed = new Set([...env.corsOrigins, ...(env.publicOrigin ? [env.publicOrigin] : [])]);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Content-Type', ...Object.values(API_HEADERS)],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
}
