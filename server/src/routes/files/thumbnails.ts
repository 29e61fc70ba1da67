import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { MEDIA_ROOT } from '../../config/env';
import { verifyMediaToken } from '../../lib/media-urls';
import {
  diskThumbStore,
  memoryThumbStore,
  THUMB_SIZES,
  THUMBNAIL_LIMITS,
  ThumbnailMaker,
} from '../../lib/thumbnails';

/** `/media/thumb/<token>/<version>/<size>.webp`: the size one of THUMB_SIZES, nothing else. */
const ThumbParams = Type.Object({
  token: Type.String({
    maxLength: 160,
    pattern: '^[0-9]{1,10}\\.[0-9]{1,10}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{1,100}$',
  }),
  version: Type.String({ pattern: '^[0-9]{1,13}$' }),
  file: Type.String({ pattern: `^(${THUMB_SIZES.join('|')})\\.webp$` }),
});
type ThumbParams = Static<typeof ThumbParams>;

/**
 * A thumbnail lives as long as its URL may: the URL carries the item's version and a token that
 * expires, so a changed item or a new listing is a new URL.
 */
const THUMB_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/**
 * The grid's thumbnails (docs/security.md, "Thumbnails"): with a media token a share listing
 * handed out for one item, while the share is open and the item in it, that item's thumbnail at
 * a fixed size, made once (lib/thumbnails.ts) and kept under the data folder (in memory without
 * one). No thumbnail (an item without an image, a file that is no image, a render past its time)
 * answers 404, too many renders at once 503: the viewer shows the item's type icon.
 */
export default async function thumbnailRoutes(app: FastifyInstance): Promise<void> {
  const store = app.env.dataDir
    ? diskThumbStore(path.join(app.env.dataDir, 'thumbnails'))
    : memoryThumbStore();
  const maker = new ThumbnailMaker(MEDIA_ROOT, store, THUMBNAIL_LIMITS, () =>
    app.metrics.bulkheadRefusals.inc({ bulkhead: 'thumbnails' }),
  );
  const answers = new Counter({
    name: 'nimbus_thumbnails_total',
    help: 'Grid thumbnails answered, by result: rendered (made now), kept (from the cache), none (no thumbnail: 404), busy (too many renders: 503)',
    labelNames: ['result'],
    registers: [app.metrics.registry],
  });

  app.get<{ Params: ThumbParams }>(
    '/media/thumb/:token/:version/:file',
    { schema: { params: ThumbParams } },
    async (request, reply) => {
      const refuse = (code: number, text: string) =>
        reply.code(code).type('text/plain; charset=utf-8').send(text);
      const issued = verifyMediaToken(app.secrets.key('media-url'), request.params.token);
      const media = issued && (await app.shares.mediaOf(issued.shareId, issued.itemId));
      if (!media) return refuse(403, 'This media link is invalid or expired.');
      if (!media.thumbSource) {
        answers.inc({ result: 'none' });
        return refuse(404, 'This item has no thumbnail.');
      }
      const size = Number.parseInt(request.params.file, 10) as (typeof THUMB_SIZES)[number];
      const result = await maker.thumbnail(media.thumbSource, size);
      if ('failure' in result) {
        answers.inc({ result: result.failure });
        if (result.failure === 'busy') {
          reply.header('Retry-After', '1');
          return refuse(503, 'Too many thumbnails are being made. Please try again in a moment.');
        }
        return refuse(404, 'This item has no thumbnail.');
      }
      answers.inc({ result: result.rendered ? 'rendered' : 'kept' });
      return reply
        .header('Cache-Control', THUMB_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .type('image/webp')
        .send(result.body);
    },
  );
}
