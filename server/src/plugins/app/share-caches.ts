import fp from 'fastify-plugin';
import { ShareCache } from '../../lib/share-cache';

/** A share page is rendered again after this long at most (sooner when the share changes). */
const PAGE_CACHE_TTL_MS = 5000;
/**
 * Pages kept at most (each a few tens of KB; a share has one per device class and language its
 * visitors come in, up to 4 x 17 for each of its two first screens, most in a few).
 */
const PAGE_CACHE_MAX = 500;
/**
 * The room of folders' name orders (one per folder and language, an item each; about 100 bytes
 * an item): every language's order of a 10,000-item folder, 17 x 10,001, about 20 MB. Apart from
 * `shareCache`, so cycling languages over large folders evicts only other name orders.
 */
const NAME_ORDER_ROOM = 200_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** What this instance has read of shares (ShareService). */
    shareCache: ShareCache;
    /** Folders' items in natural name order, by language (ShareListing). */
    nameOrderCache: ShareCache;
    /** Rendered share pages, for a few seconds and until their share changes. */
    pageCache: ShareCache;
  }
}

/**
 * What this instance has read of shares, and their rendered pages: dropped the moment the
 * database announces a change to the share (from any instance), or everything when the
 * announcements were interrupted.
 */
export default fp(
  async (app) => {
    const { database, health, metrics } = app;
    const onLookup = (kind: string, hit: boolean) =>
      metrics.cacheLookups.inc({ cache: kind, result: hit ? 'hit' : 'miss' });
    const shareCache = new ShareCache({ onLookup });
    const pageCache = new ShareCache({
      ttlMs: PAGE_CACHE_TTL_MS,
      maxWeight: PAGE_CACHE_MAX,
      onLookup,
    });
    const nameOrderCache = new ShareCache({ maxWeight: NAME_ORDER_ROOM, onLookup });
    const caches = [shareCache, nameOrderCache, pageCache];
    if (database.kind === 'postgres') health.track('share-changes');
    const stopListening = await database.listenForShareChanges({
      changed(shareId) {
        caches.forEach((cache) => cache.invalidate(shareId));
        // After this instance's own page is gone: the edge's next fetch gets the new one.
        app.edgePurges.shareChanged(shareId);
      },
      // Unheard changes are possible from here: share status is read at most a second old.
      lost() {
        caches.forEach((cache) => cache.distrust());
        app.edgePurges.lost();
        health.down('share-changes', 'not listening: share status is read at most 1 s old');
      },
      restored() {
        caches.forEach((cache) => cache.trust());
        app.edgePurges.restored();
        health.up('share-changes');
      },
    });
    app.addHook('onClose', stopListening);
    app.decorate('shareCache', shareCache);
    app.decorate('nameOrderCache', nameOrderCache);
    app.decorate('pageCache', pageCache);
  },
  { name: 'share-caches', dependencies: ['database', 'health', 'metrics', 'edge-purges'] },
);
