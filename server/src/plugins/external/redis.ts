import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The Redis every instance shares its counters through (REDIS_URL). A command fails at once
 * while Redis is down (no queue, one try) and the caller goes on without it; the client
 * reconnects by itself.
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  let healthy = true;
  redis.on('error', (error: Error) => {
    if (healthy)
      log.warn(
        { err: error },
        'Redis is unreachable: the rate limit is not counted until it is back',
      );
    healthy = false;
  });
  redis.on('ready', () => {
    if (!healthy) log.info('Redis is back');
    healthy = true;
  });
  return redis;
}
