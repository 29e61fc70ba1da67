// The two stores @fastify/rate-limit ships (CommonJS, without types of their own), used by
// plugins/external/rate-limit.ts to count in Redis with a local fallback.
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  const Store: new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    redisOrCache?: Redis | number,
    namespace?: string,
  ) => FastifyRateLimitStore;
  export default Store;
}
