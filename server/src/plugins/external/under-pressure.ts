import underPressure from '@fastify/under-pressure';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { serviceUnavailable } from '../../lib/api-error';

/**
 * When the instance sheds load (docs/security.md, "Load, slow clients and large bodies"): half of
 * the event loop's turns came later than `SHED_LOOP_DELAY_MS` (half a second) in two half-second
 * windows in a row (every answer would be that late; the median and two windows, so one long task
 * such as a start-up's is not taken for a flood), or more requests wait for a database connection
 * than the pool serves in about a second (each would wait for one until it gives up). Shed
 * requests are answered at once, 503 with Retry-After, instead of joining the queue: the load
 * balancer sends them to another instance, the API client sends them again after the wait.
 */
export const LOAD_SHEDDING = {
  maxPoolWaiting: 50,
  sampleIntervalMs: 500,
  retryAfterSeconds: 1,
} as const;

const SHEDDING_MESSAGE = 'The service is busy. Please try again in a moment.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even while the instance sheds load (health, readiness, metrics). */
    neverShed?: boolean;
  }
}

/**
 * Load shedding with @fastify/under-pressure. /healthz, /readyz and /metrics opt out with
 * `neverShed`: an instance that sheds load still says how it is. An API call is shed
 * with the API's own envelope (code 5003, `retry_after`), a page or a file with a plain 503.
 */
export default fp(
  async (app) => {
    const pool = app.database.pool;
    // A rejection goes to the error handlers: the API's envelope, a page's plain 503.
    const shed = async (request: FastifyRequest) => {
      if (request.routeOptions.config.neverShed) return;
      app.metrics.loadShed.inc();
      throw serviceUnavailable(SHEDDING_MESSAGE, LOAD_SHEDDING.retryAfterSeconds);
    };
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    app.addHook('onClose', async () => loopDelay.disable());
    // Windows in a row whose median turn was late: one is a long task (a start-up, a card's
    // render), two are a loop that no longer keeps up.
    let lateWindows = 0;
    const healthy = async () => {
      const medianDelayMs = loopDelay.count > 0 ? loopDelay.percentile(50) / 1e6 : 0;
      loopDelay.reset();
      lateWindows = medianDelayMs > app.env.shedLoopDelayMs ? lateWindows + 1 : 0;
      const waiting = pool?.waitingCount ?? 0;
      return lateWindows < 2 && waiting <= LOAD_SHEDDING.maxPoolWaiting;
    };
    await app.register(underPressure, {
      retryAfter: LOAD_SHEDDING.retryAfterSeconds,
      pressureHandler: shed,
      healthCheck: healthy,
      healthCheckInterval: LOAD_SHEDDING.sampleIntervalMs,
    });
  },
  { name: 'under-pressure', dependencies: ['config', 'database', 'metrics'] },
);
