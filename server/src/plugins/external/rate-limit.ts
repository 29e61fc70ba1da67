import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { ResponseCode } from 'shared-contracts';
import { ApiError } from '../../lib/api-error';
import { clientNetworkOf } from '../../lib/client-network';

/**
 * Per-client request limit on the API (registered inside the /api scope). With Redis the count is
 * every instance's together; without it each process counts alone (one instance). Should Redis
 * fail, requests go through rather than the site going down with it.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  maxPerMinute: number,
  redis: Redis | null,
): Promise<void> {
  await app.register(rateLimit, {
    max: maxPerMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'nimbus-rate-limit-', skipOnError: true } : {}),
    // An IPv6 client counts by its /64, which it could otherwise walk address by address.
    keyGenerator: (request) => clientNetworkOf(request.ip),
    errorResponseBuilder: (_request, context) => {
      const retryAfter = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(
        ResponseCode.TooManyRequests,
        'Too many requests. Please try again later.',
        retryAfter,
        { retry_after: retryAfter },
      );
    },
  });
}
