import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from 'shared-contracts';
import { ApiError } from '../../lib/api-error';

/** Per-client request limit on the API (registered inside the /api scope). */
export async function registerRateLimit(app: FastifyInstance, maxPerMinute: number): Promise<void> {
  await app.register(rateLimit, {
    max: maxPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        ResponseCode.TooManyRequests,
        'Too many requests. Please try again later.',
        Math.max(1, Math.ceil(context.ttl / 1000)),
      ),
  });
}
