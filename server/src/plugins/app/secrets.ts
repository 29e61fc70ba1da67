import fp from 'fastify-plugin';
import { loadSecrets, type Secrets } from '../../lib/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    secrets: Secrets;
  }
}

/** This installation's keys: from MASTER_SECRET, or from one generated once into the database. */
export default fp(
  async (app) => {
    app.decorate('secrets', await loadSecrets(app.db, app.env.masterSecret));
  },
  { name: 'secrets', dependencies: ['config', 'database'] },
);
