import fp from 'fastify-plugin';
import { DependencyHealth } from '../../dependencies/dependency-health';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What each dependency's module last saw of it (docs/operations/faults-and-chaos.md, "When a
     * dependency fails").
     */
    health: DependencyHealth;
  }
}

/**
 * The dependencies' states, for /readyz and the metrics. The database is always one; the others
 * are tracked by their plugins when they are configured.
 */
export default fp(
  async (app) => {
    const health = new DependencyHealth(app.log);
    app.decorate('health', health);
    health.track('database');
  },
  { name: 'health' },
);
