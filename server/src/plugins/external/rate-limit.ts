import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import fp from 'fastify-plugin';
import { ResponseCode } from 'shared-contracts';
import type { SharedRedis } from '../../dependencies/redis';
import { ApiError } from '../../lib/api-error';
import { clientNetworkOf } from '../../lib/client-network';

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

const NAMESPACE = 'nimbus-rate-limit-';

interface StoreSettings {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * Counts in Redis, every instance together, while Redis answers; in this process's memory while
 * it does not (the breaker of SharedRedis), so a dead or stalled Redis neither holds a request
 * up nor switches the limit off: each instance then limits on its own (fails open to at most
 * instances x the limit, docs/operations/faults-and-chaos.md, "When a dependency fails").
 */
class FailoverStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: SharedRedis,
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    if (!this.redis.usable) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.redis.failed(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new FailoverStore(
      this.redis,
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
    );
  }
}

/**
 * The store @fastify/rate-limit constructs: Redis with a local fallback; none: local only. Each
 * scope counts under its own `namespace`: in one Redis key, the API's calls and the beacons would
 * use up each other's limit.
 */
function storeOf(
  redis: SharedRedis | null,
  namespace: string,
): FastifyRateLimitStoreCtor | undefined {
  if (!redis) return undefined;
  const shared: SharedRedis = redis;
  return class extends FailoverStore {
    constructor(options: FastifyRateLimitOptions) {
      // The plugin hands its resolved settings, which carry these two beside the typed ones.
      const { continueExceeding, exponentialBackoff } = options as StoreSettings;
      super(
        shared,
        new RedisStore(continueExceeding, exponentialBackoff, shared.client, namespace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  };
}

/**
 * Per-client request limit (registered inside a scope: the API's, the field beacons' with their own
 * `max` and `scope`, counted apart). With Redis the count is
 * every instance's together; without it, or while it is away, each process counts alone.
 */
export default fp<{ max?: number; scope?: string }>(
  async (app, options) => {
    await app.register(rateLimit, {
      max: options.max ?? app.env.rateLimitMax,
      timeWindow: 60_000,
      store: storeOf(app.redis, options.scope ? `${NAMESPACE}${options.scope}-` : NAMESPACE),
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
  },
  { name: 'rate-limit', dependencies: ['config', 'redis'] },
);
