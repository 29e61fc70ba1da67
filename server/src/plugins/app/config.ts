import fp from 'fastify-plugin';
import type { ServerEnv } from '../../config/env';
import { RuntimeConfigSource } from '../../config/runtime-config';

declare module 'fastify' {
  interface FastifyInstance {
    env: ServerEnv;
    runtimeConfig: RuntimeConfigSource;
  }
}

/** The settings the server started with, and the runtime configuration its pages carry. */
export default fp<{ env: ServerEnv }>(
  async (app, { env }) => {
    app.decorate('env', env);
    app.decorate('runtimeConfig', new RuntimeConfigSource(env, app.log));
  },
  { name: 'config' },
);
