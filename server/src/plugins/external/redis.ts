import fp from 'fastify-plugin';
import { SharedRedis } from '../../dependencies/redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every instance counts together goes there; null: each process counts alone. */
    redis: SharedRedis | null;
  }
}

/** Redis, when REDIS_URL names one; a password it refuses stops the start-up (SharedRedis.start). */
export default fp(
  async (app) => {
    const redis = app.env.redisUrl ? new SharedRedis(app.env.redisUrl, app.health) : null;
    if (redis) {
      await redis.start();
      app.addHook('onClose', () => redis.close());
    }
    app.decorate('redis', redis);
  },
  { name: 'redis', dependencies: ['config', 'health'] },
);
