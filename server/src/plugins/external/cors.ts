import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import { API_HEADERS } from 'shared-contracts/page';

/** CORS for the configured origins, on the API and on static files (the MF runtime fetches manifests). */
export default fp(
  async (app) => {
    const { env } = app;
    const allowed = new Set([...env.corsOrigins, ...(env.publicOrigin ? [env.publicOrigin] : [])]);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST'],
      allowedHeaders: ['Content-Type', ...Object.values(API_HEADERS)],
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
