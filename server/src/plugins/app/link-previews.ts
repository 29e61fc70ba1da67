import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { isShareOpen, MediaType, ShareStatus, ShareType, type ShareInfo } from 'shared-contracts';
import { MEDIA_ROOT } from '../../config/env';
import type { Database } from '../../db/client';
import { shareItems } from '../../db/schema';
import type { ShareCache } from '../../lib/share-cache';
import type { PageKind } from '../../link-preview/link-preview';
import type { ShareService } from './shares';

/** The most pictures a share's card shows. */
const CARD_THUMBNAILS = 3;
/** The largest image a card is drawn from (the renderer's own limit). */
const CARD_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** What a share's link preview shows: its kind and, for an open public share, its thumbnails. */
export interface SharePreview {
  page: PageKind;
  /** Paths under the media folder of the first pictures (root items first). */
  thumbPaths: string[];
  shareId: number | null;
}

const CLOSED: Record<number, 'canceled' | 'expired' | 'deleted'> = {
  [ShareStatus.Canceled]: 'canceled',
  [ShareStatus.Expired]: 'expired',
  [ShareStatus.Deleted]: 'deleted',
};

/**
 * What a share's page tells a chat app: for an open public share who shared what (its root's
 * count, its files' total size, its first thumbnails); for any other share its kind only. Kept
 * with the share's other reads, until the share changes.
 */
export class LinkPreviewService {
  constructor(
    private readonly db: Database,
    private readonly shares: Pick<ShareService, 'infoByCode' | 'listPage'>,
    private readonly cache: ShareCache,
    private readonly origin: string,
  ) {}

  async ofShare(code: string): Promise<SharePreview> {
    const info = await this.shares.infoByCode(code, this.origin);
    if (!info) return { page: { kind: 'not-found' }, thumbPaths: [], shareId: null };
    if (!isShareOpen(info.status)) {
      const reason = CLOSED[info.status];
      const page: PageKind = reason ? { kind: 'closed', reason } : { kind: 'not-found' };
      return { page, thumbPaths: [], shareId: info.id };
    }
    if (info.share_type !== ShareType.Public) {
      return { page: { kind: 'protected' }, thumbPaths: [], shareId: info.id };
    }
    return this.cache.get('preview', String(info.id), async () => ({
      value: await this.readShare(info),
      shareId: info.id,
    }));
  }

  /** The pictures' bytes (a missing file is left out: the card shows the others). */
  async thumbnails(preview: SharePreview): Promise<Buffer[]> {
    const files: Array<Buffer | null> = await Promise.all(
      preview.thumbPaths.map((file) => readFile(path.join(MEDIA_ROOT, file)).catch(() => null)),
    );
    return files.filter((file) => file !== null);
  }

  /**
   * An image's own file when it is small enough to draw from (a list thumbnail, blown up to a
   * card's size, is blurry and compresses badly); else, and for a video, its thumbnail.
   */
  private async pictureOf(row: { mediaType: number; mediaPath: string; thumbPath: string }) {
    if (row.mediaType !== MediaType.Image || !row.mediaPath) return row.thumbPath;
    const size = await stat(path.join(MEDIA_ROOT, row.mediaPath)).then(
      (file) => file.size,
      () => Infinity,
    );
    return size <= CARD_PICTURE_MAX_BYTES ? row.mediaPath : row.thumbPath;
  }

  private async readShare(info: ShareInfo): Promise<SharePreview> {
    const inShare = eq(shareItems.shareId, info.id);
    const atRoot = and(inShare, isNull(shareItems.parentId));
    const [root] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        folders: sql<number>`count(*) filter (where ${shareItems.isFolder})::int`,
      })
      .from(shareItems)
      .where(atRoot);
    const [size] = await this.db
      .select({ bytes: sql<string>`coalesce(sum(${shareItems.totalSize}), 0)` })
      .from(shareItems)
      .where(and(inShare, eq(shareItems.isFolder, false)));
    // The first item as the list shows it (in English: the card is one for every language).
    const firstPage = { current_page: 1, page_size: 1 };
    const [first] = (await this.shares.listPage(info, undefined, this.origin, firstPage)).file_list;
    const thumbs = await this.db
      .select({
        mediaType: shareItems.mediaType,
        mediaPath: shareItems.mediaPath,
        thumbPath: shareItems.thumbPath,
      })
      .from(shareItems)
      .where(and(inShare, ne(shareItems.thumbPath, '')))
      .orderBy(sql`${shareItems.parentId} is null desc`, asc(shareItems.name), asc(shareItems.id))
      .limit(CARD_THUMBNAILS);
    const itemCount = root?.count ?? 0;
    return {
      page: {
        kind: 'share',
        sharerName: info.user_info.nick_name,
        shareName: info.share_name.trim(),
        firstName: first?.name ?? info.share_name,
        itemCount,
        onlyFiles: (root?.folders ?? 0) === 0,
        totalBytes: Number(size?.bytes ?? 0),
      },
      thumbPaths: await Promise.all(thumbs.map((row) => this.pictureOf(row))),
      shareId: info.id,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    linkPreviews: LinkPreviewService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'linkPreviews',
      new LinkPreviewService(app.db, app.shares, app.shareCache, app.env.publicOrigin),
    );
  },
  { name: 'link-previews', dependencies: ['config', 'database', 'shares', 'share-caches'] },
);
