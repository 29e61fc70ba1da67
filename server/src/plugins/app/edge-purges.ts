import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import {
  createEdgePurger,
  EDGE_PURGE_TIMING,
  edgePurgeUrls,
  type EdgePurgeTiming,
  type PurgeResult,
} from '../../dependencies/edge-purge';
import { ALL_PAGES_KEY, shareKey } from '../../page-assembly/edge-headers';

/** What the rest of the server tells the edge caches, and what it asks about their purges. */
export interface EdgePurges {
  /** The database announced a change of the share: its pages leave every edge. */
  shareChanged(shareId: number): void;
  /** Every page may have changed (runtime configuration, releases, a build): all leave. */
  allPages(reason: string): void;
  /** The share-change announcements are lost: changes may go unheard (pages kept a second). */
  lost(): void;
  /** They are heard again. */
  restored(): void;
  /** Whether this instance hears every share change now. */
  readonly listening: boolean;
  /** Counts the changes heard: a page built while it moved may predate one of them. */
  readonly changesHeard: number;
  /** Resolves when no purge is being sent (tests). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    edgePurges: EdgePurges;
  }
}

/**
 * Purges of the edge caches in front of the instances (EDGE_PURGE_URL; none without it). Every
 * instance hears every change (PostgreSQL NOTIFY) and purges after it has dropped its own cached
 * page: whichever instance an edge fetched a page from just before, that instance's purge comes
 * after it stopped serving the old page, so no old page outlives the last purge. Purges are
 * idempotent: N instances send N of them, at the cost of a few small requests.
 */
export default fp(
  async (app, options: { timing?: EdgePurgeTiming }) => {
    const purges = new Counter({
      name: 'nimbus_edge_purges_total',
      help: 'Purges sent to the edge caches (EDGE_PURGE_URL) by result: purged, retry (failed, sent again), failed (given up)',
      labelNames: ['result'],
      registers: [app.metrics.registry],
    });
    // Every result from the start: the first purge given up is an increase from 0 (an alert).
    const results: PurgeResult[] = ['purged', 'retry', 'failed'];
    for (const result of results) purges.inc({ result }, 0);
    const purger = createEdgePurger({
      urls: edgePurgeUrls(app.env.edgePurgeUrl),
      log: app.log,
      onResult: (result) => purges.inc({ result }),
      timing: options.timing ?? EDGE_PURGE_TIMING,
    });
    let listening = true;
    let changesHeard = 0;
    const allPages = (reason: string) => {
      app.log.info({ reason }, 'purging every page from the edge');
      purger.purge([ALL_PAGES_KEY]);
    };
    const edgePurges: EdgePurges = {
      shareChanged(shareId) {
        changesHeard += 1;
        purger.purge([shareKey(shareId)]);
      },
      allPages,
      lost() {
        listening = false;
        changesHeard += 1;
        // The edge may keep pages for 30 s: from now on they are kept a second, like ours.
        allPages('the share-change announcements are lost');
      },
      restored() {
        listening = true;
        changesHeard += 1;
        allPages('the share-change announcements are heard again: changes of the gap');
      },
      get listening() {
        return listening;
      },
      get changesHeard() {
        return changesHeard;
      },
      idle: () => purger.idle(),
    };
    // A started instance may run a new build: the edge's pages may name files it no longer has.
    app.addHook('onReady', async () => allPages('an instance started'));
    app.addHook('onClose', async () => purger.close());
    app.decorate('edgePurges', edgePurges);
  },
  { name: 'edge-purges', dependencies: ['config', 'metrics'] },
);
