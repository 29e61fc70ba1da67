import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { REMOTES } from '../../config/workspaces';
import { RELEASES_FRESH_MS } from '../../releases/release-reader';
import { RELEASE_EVENTS, ReleaseService } from '../../releases/release-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Canaries of the remotes, their verdicts and an operator's promote and rollback. */
    releases: ReleaseService;
  }
}

/**
 * The releases every page names (through the runtime configuration, read again every second),
 * and the check that steps a canary up, promotes it or rolls it back by itself: every
 * CANARY_CHECK_MS on every instance (and at once after a failing canary visit), from every
 * instance's visits (only one instance's change takes: the others find it done).
 */
export default fp(
  async (app) => {
    const rollbacks = new Counter({
      name: 'nimbus_canary_rollbacks_total',
      help: 'Canaries rolled back by the server because they were clearly worse than stable',
      labelNames: ['remote'],
      registers: [app.metrics.registry],
    });
    // Every remote's series from the start, so a first rollback is an increase from 0.
    for (const { name } of REMOTES) rollbacks.inc({ remote: name }, 0);
    const events = new Counter({
      name: 'nimbus_release_events_total',
      help: 'Canary events by remote: started, stepped (up an exposure step), promoted, rolled_back',
      labelNames: ['remote', 'event'],
      registers: [app.metrics.registry],
    });
    for (const { name } of REMOTES) {
      for (const event of RELEASE_EVENTS) events.inc({ remote: name, event }, 0);
    }
    const releases = new ReleaseService(
      app.db,
      app.log,
      { rollbacks, events },
      app.env.canary.minVisits,
    );
    // Which release runs as a canary now: what the NimbusCanaryErrors alert watches. A remote
    // without one says so at 0 (version "none"): the alert's query has a figure from start-up.
    new Gauge({
      name: 'nimbus_canary_running',
      help: 'The release of each remote running as a canary now (1; version "none" at 0: none runs)',
      labelNames: ['remote', 'version'],
      registers: [app.metrics.registry],
      collect() {
        this.reset();
        const running = releases.canaries();
        for (const { name } of REMOTES) {
          const canary = running.find((row) => row.remote === name);
          if (canary) this.set({ remote: name, version: canary.release }, 1);
          else this.set({ remote: name, version: 'none' }, 0);
        }
      },
    });
    // The first pages name the releases already running.
    await releases.load();
    app.decorate('releases', releases);
    app.runtimeConfig.useReleases(releases);

    let poller: NodeJS.Timeout | undefined;
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      poller = setInterval(() => releases.poll(), RELEASES_FRESH_MS);
      poller.unref();
      timer = setInterval(() => {
        releases
          .checkCanaries()
          .catch((error: unknown) => app.log.warn({ err: error }, 'the canary check failed'));
      }, app.env.canary.checkMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(poller);
      clearInterval(timer);
    });
  },
  { name: 'releases', dependencies: ['config', 'database', 'metrics'] },
);
