import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from 'shared-contracts';
import { ApiError } from '../../lib/api-error';
import { clientNetworkOf } from '../../lib/client-network';

/** Per-client request limit on the API (registered inside the /api scope). */
export async function registerRateLimit(app: FastifyInstance, maxPerMinute: number): Promise<void> {
  await app.register(rateLimit, {
    max: maxPerMinute,
    timeWindow: 60_000,
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
