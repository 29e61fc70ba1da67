import { and, asc, count, desc, eq, gt, inArray, isNull, lt, min } from 'drizzle-orm';
import type { PageRequest, ShareAnswersInPage, ShareInfo, SharedItem } from 'shared-contracts';
import { FIRST_PAGE, isShareOpen, ResponseCode, ShareStatus, ShareType } from 'shared-contracts';
import type { Database } from '../../db/client';
import { extractCodeFailures, shareItems, shares, users } from '../../db/schema';
import { ApiError, notFound } from '../../lib/api-error';
import { PREVIEW_PLAYLIST, signedMediaUrl } from '../../lib/media-urls';
import { nowSeconds } from '../../lib/time';

export type ShareRow = typeof shares.$inferSelect;
export type ShareItemRow = typeof shareItems.$inferSelect;

/** Brute-force limits on wrong extract codes, per share and client address. */
export const EXTRACT_CODE_LIMITS = [
  { windowSeconds: 60 * 60, max: 10 },
  { windowSeconds: 24 * 60 * 60, max: 50 },
] as const;

/** Folders first, then by name; the id keeps pages stable between equal names. */
const LIST_ORDER = [desc(shareItems.isFolder), asc(shareItems.name), asc(shareItems.id)] as const;

const STATUS_MESSAGES: Record<number, string> = {
  [ShareStatus.Canceled]: 'Share canceled',
  [ShareStatus.Expired]: 'Share expired',
  [ShareStatus.Deleted]: 'The file has been deleted by the sharer',
};

/** The share code of a page address (`/s/{code}`, `?code=` or `?s=`), or a bare code. */
export function shareCodeOf(shareUrl: string): string | null {
  const text = shareUrl.trim();
  if (/^[A-Za-z0-9_-]{1,64}$/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text, 'http://share.invalid');
  } catch {
    return null;
  }
  const fromPath = /\/s\/([^/?#]+)/.exec(url.pathname)?.[1];
  const candidate = fromPath
    ? decodeURIComponent(fromPath)
    : (url.searchParams.get('code') ?? url.searchParams.get('s'));
  return candidate && /^[A-Za-z0-9_-]{1,64}$/.test(candidate) ? candidate : null;
}

/** A valid share past its expiry time reads as expired. */
export function effectiveStatus(share: ShareRow, now = nowSeconds()): number {
  const valid = share.status === ShareStatus.Valid || share.status === ShareStatus.Legacy;
  if (valid && share.expiryTime !== 0 && share.expiryTime < now) return ShareStatus.Expired;
  return share.status === ShareStatus.Legacy ? ShareStatus.Valid : share.status;
}

export class ShareService {
  constructor(
    private readonly db: Database,
    private readonly mediaKey: Buffer,
  ) {}

  async byCode(code: string): Promise<ShareRow | null> {
    const [row] = await this.db.select().from(shares).where(eq(shares.code, code));
    return row ?? null;
  }

  /** The share lookup of `/share/info`, with its sharer, in one query; null when unknown. */
  async infoByCode(code: string, origin: string): Promise<ShareInfo | null> {
    const [row] = await this.db
      .select({ share: shares, nickName: users.nickName, avatar: users.avatar })
      .from(shares)
      .innerJoin(users, eq(users.id, shares.userId))
      .where(eq(shares.code, code));
    if (!row) return null;
    const { share } = row;
    return {
      id: share.id,
      share_code: share.code,
      share_name: share.name,
      share_type: share.shareType === ShareType.Private ? ShareType.Private : ShareType.Public,
      status: effectiveStatus(share) as ShareInfo['status'],
      user_info: {
        id: share.userId,
        nick_name: row.nickName,
        avatar: row.avatar ? `${origin}/media/${row.avatar}` : '',
      },
      expiry_time: share.expiryTime,
    };
  }

  /**
   * The answers a share page starts with, for the server to write into that page: `/share/info`,
   * and for an open public share the root's list when it has at most `maxItems` items.
   */
  async pageAnswers(
    code: string,
    origin: string,
    maxItems: number,
  ): Promise<ShareAnswersInPage | null> {
    const info = await this.infoByCode(code, origin);
    if (!info) return null;
    if (!isShareOpen(info.status) || info.share_type !== ShareType.Public) {
      return { share_code: code, info, root_list: null };
    }
    // The info has just shown the share open: its id is all the listing needs. One page of
    // `maxItems` and the count tell a short root from a long one without listing the long one.
    const root = await this.listPage({ id: info.id }, undefined, origin, {
      current_page: FIRST_PAGE,
      page_size: maxItems,
    });
    return { share_code: code, info, root_list: root.total <= maxItems ? root.file_list : null };
  }

  /** A share whose content may be listed or saved: exists and is valid now. */
  async openShare(shareId: number): Promise<ShareRow> {
    const [share] = await this.db.select().from(shares).where(eq(shares.id, shareId));
    if (!share) throw notFound('Share');
    const status = effectiveStatus(share);
    if (status !== ShareStatus.Valid) {
      throw new ApiError(ResponseCode.NotFound, STATUS_MESSAGES[status] ?? 'Share not found');
    }
    return share;
  }

  /**
   * Checks the extract code of a protected share. Wrong codes are counted per share and client;
   * over a limit the client gets 429 even with the right code, other visitors are not affected.
   */
  async checkExtractCode(share: ShareRow, extractCode: string, client: string): Promise<void> {
    if (share.shareType !== ShareType.Private) return;
    const now = Date.now();
    for (const limit of EXTRACT_CODE_LIMITS) {
      const since = new Date(now - limit.windowSeconds * 1000);
      const [row] = await this.db
        .select({ failures: count(), oldest: min(extractCodeFailures.createdAt) })
        .from(extractCodeFailures)
        .where(
          and(
            eq(extractCodeFailures.shareId, share.id),
            eq(extractCodeFailures.clientAddress, client),
            gt(extractCodeFailures.createdAt, since),
          ),
        );
      if (row && row.failures >= limit.max) {
        const oldest = row.oldest ? new Date(row.oldest).getTime() : now;
        const retryAfter = Math.max(
          1,
          Math.ceil((oldest + limit.windowSeconds * 1000 - now) / 1000),
        );
        throw new ApiError(
          ResponseCode.TooManyRequests,
          'Too many wrong extract codes. Please try again later.',
          retryAfter,
        );
      }
    }
    if (extractCode.trim() === share.extractCode) return;
    await this.db.insert(extractCodeFailures).values({ shareId: share.id, clientAddress: client });
    // Rows past the longest window count for nothing: drop this client's old ones.
    const longest = EXTRACT_CODE_LIMITS[EXTRACT_CODE_LIMITS.length - 1]?.windowSeconds ?? 86400;
    await this.db
      .delete(extractCodeFailures)
      .where(
        and(
          eq(extractCodeFailures.shareId, share.id),
          eq(extractCodeFailures.clientAddress, client),
          lt(extractCodeFailures.createdAt, new Date(now - longest * 1000)),
        ),
      );
    throw new ApiError(ResponseCode.InvalidExtractCode, 'Invalid extract code');
  }

  async folderOf(share: Pick<ShareRow, 'id'>, folderId: number): Promise<ShareItemRow> {
    const [folder] = await this.db
      .select()
      .from(shareItems)
      .where(
        and(
          eq(shareItems.id, folderId),
          eq(shareItems.shareId, share.id),
          eq(shareItems.isFolder, true),
        ),
      );
    if (!folder) throw notFound('Folder');
    return folder;
  }

  /** Every item of a folder of the share (its root when `folderId` is absent or 0). */
  async list(
    share: Pick<ShareRow, 'id'>,
    folderId: number | undefined,
    origin: string,
  ): Promise<SharedItem[]> {
    const rows = await this.db
      .select()
      .from(shareItems)
      .where(await this.itemsIn(share, folderId))
      .orderBy(...LIST_ORDER);
    return rows.map((row) => this.toSharedItem(row, origin));
  }

  /** One page of a folder's items, in the order of `list`, and the folder's item count. */
  async listPage(
    share: Pick<ShareRow, 'id'>,
    folderId: number | undefined,
    origin: string,
    page: PageRequest,
  ): Promise<{ file_list: SharedItem[]; total: number }> {
    const where = await this.itemsIn(share, folderId);
    const [totalRow] = await this.db.select({ total: count() }).from(shareItems).where(where);
    const rows = await this.db
      .select()
      .from(shareItems)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(page.page_size)
      .offset((page.current_page - 1) * page.page_size);
    return {
      file_list: rows.map((row) => this.toSharedItem(row, origin)),
      total: totalRow?.total ?? 0,
    };
  }

  private async itemsIn(share: Pick<ShareRow, 'id'>, folderId: number | undefined) {
    const parent =
      folderId !== undefined && folderId !== 0 ? (await this.folderOf(share, folderId)).id : null;
    return and(
      eq(shareItems.shareId, share.id),
      parent === null ? isNull(shareItems.parentId) : eq(shareItems.parentId, parent),
    );
  }

  toSharedItem(row: ShareItemRow, origin: string): SharedItem {
    const sign = (scope: string, file: string) =>
      `${origin}${signedMediaUrl(this.mediaKey, scope, file)}`;
    let downloadUrl = '';
    if (!row.isFolder && row.mediaPath) {
      downloadUrl = row.isM3u8
        ? sign(row.mediaPath, `${row.mediaPath}${PREVIEW_PLAYLIST}`)
        : sign(row.mediaPath, row.mediaPath);
    }
    return {
      id: row.id,
      name: row.name,
      thumb_url: row.thumbPath ? sign(row.thumbPath, row.thumbPath) : '',
      download_url: downloadUrl,
      is_m3u8: row.isM3u8 ? 1 : 0,
      duration: row.duration,
      total_size: row.totalSize,
      create_time: row.createTime,
      update_time: row.updateTime,
      media_type: row.mediaType,
      is_folder: row.isFolder ? 1 : 0,
    };
  }

  /** The chosen items of a share and everything below the chosen folders (deduplicated). */
  async collect(share: ShareRow, itemIds: number[]): Promise<ShareItemRow[]> {
    const unique = [...new Set(itemIds)];
    const chosen = await this.db
      .select()
      .from(shareItems)
      .where(and(eq(shareItems.shareId, share.id), inArray(shareItems.id, unique)));
    if (chosen.length !== unique.length) throw notFound('File');
    const collected = new Map<number, ShareItemRow>(chosen.map((row) => [row.id, row]));
    let frontier = chosen.filter((row) => row.isFolder).map((row) => row.id);
    while (frontier.length > 0) {
      const children = await this.db
        .select()
        .from(shareItems)
        .where(and(eq(shareItems.shareId, share.id), inArray(shareItems.parentId, frontier)));
      frontier = [];
      for (const child of children) {
        if (collected.has(child.id)) continue;
        collected.set(child.id, child);
        if (child.isFolder) frontier.push(child.id);
      }
    }
    return [...collected.values()];
  }
}
