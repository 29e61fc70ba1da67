import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type {
  PageRequest,
  ProofOfWorkChallengeData,
  ShareAnswersInPage,
  ShareInfo,
  SharedItem,
} from 'shared-contracts';
import {
  FIRST_PAGE,
  isShareOpen,
  MediaType,
  PREVIEW_LIMIT_SECONDS,
  ResponseCode,
  ShareStatus,
  ShareType,
} from 'shared-contracts';
import type { Database } from '../../db/client';
import { shareItems, shares, users } from '../../db/schema';
import { ApiError, notFound } from '../../lib/api-error';
import { clientNetworkOf } from '../../lib/client-network';
import { ShareCache } from '../../lib/share-cache';
import { PREVIEW_PLAYLIST, signedMediaUrl } from '../../lib/media-urls';
import { nowSeconds } from '../../lib/time';
import { ExtractCodeGuard } from './extract-code-guard';
import type { ExtractCodeProofs } from './extract-code-proofs';

export type ShareRow = typeof shares.$inferSelect;
export type ShareItemRow = typeof shareItems.$inferSelect;

/** Folders first, then by name; the id keeps pages stable between equal names. */
const LIST_ORDER = [desc(shareItems.isFolder), asc(shareItems.name), asc(shareItems.id)] as const;

const PROOF_NEEDED_MESSAGE =
  'This share is receiving many wrong codes: your device makes a short check before your code is tried.';

/** Whether a typed code is the share's: spaces around it and letter case do not matter. */
export function matchesExtractCode(typed: string, code: string): boolean {
  return typed.trim().toLowerCase() === code.trim().toLowerCase();
}

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

/**
 * What a visitor of the share may fetch of an item: for video and audio at most its first
 * `PREVIEW_LIMIT_SECONDS` (an HLS video's preview playlist, a long progressive file's preview
 * rendition); nothing for a long file without a rendition. The full media needs the file saved in
 * the visitor's own cloud.
 */
export function downloadPathOf(row: ShareItemRow): string | null {
  if (row.isFolder || !row.mediaPath) return null;
  if (row.isM3u8) return `${row.mediaPath}${PREVIEW_PLAYLIST}`;
  const isPlayable = row.mediaType === MediaType.Video || row.mediaType === MediaType.Audio;
  if (isPlayable && row.previewPath) return row.previewPath;
  if (isPlayable && row.duration > PREVIEW_LIMIT_SECONDS) return null;
  return row.mediaPath;
}

/**
 * The files a media link of an item serves: its thumbnail and its download (downloadPathOf);
 * for an HLS video the folder whose preview playlist's segments it serves too, and no other file
 * of that folder.
 */
export interface ItemMedia {
  files: Set<string>;
  /** The HLS video's folder (ending in '/'); null for any other item. */
  hlsFolder: string | null;
}

export function itemMediaOf(row: ShareItemRow): ItemMedia {
  const files = new Set<string>();
  if (row.thumbPath) files.add(row.thumbPath);
  const download = downloadPathOf(row);
  if (download) files.add(download);
  return { files, hlsFolder: row.isM3u8 && row.mediaPath ? row.mediaPath : null };
}

/** A share's expiry as a cache limit: what was read of it is wrong from then on. */
const untilExpiry = (expiryTime: number) => (expiryTime > 0 ? expiryTime * 1000 : undefined);

/**
 * Shares: looked up by code or id, listed, their extract codes checked. What is read of a share
 * (its info, its row, its folders' pages) is kept in the instance's ShareCache until the share
 * changes: a viral share costs a database read once, not once a visit.
 */
export interface ShareServiceOptions {
  cache?: ShareCache;
  clock?: () => number;
  /**
   * Told of every extract code refused: wrong, locked (ExtractCodeGuard's limits), or waiting for
   * a proof of work (the share is under attack).
   */
  onRefusal?: (reason: ExtractCodeRefusal) => void;
}

export type ExtractCodeRefusal = 'wrong' | 'locked' | 'proof_needed';

export class ShareService {
  private readonly guard: ExtractCodeGuard;
  private readonly cache: ShareCache;
  private readonly clock: () => number;
  private readonly onRefusal: (reason: ExtractCodeRefusal) => void;

  constructor(
    private readonly db: Database,
    private readonly mediaKey: Buffer,
    private readonly proofs: ExtractCodeProofs,
    options: ShareServiceOptions = {},
  ) {
    this.cache = options.cache ?? new ShareCache();
    this.clock = options.clock ?? Date.now;
    this.onRefusal = options.onRefusal ?? (() => undefined);
    this.guard = new ExtractCodeGuard(db, proofs, this.clock);
  }

  async byCode(code: string): Promise<ShareRow | null> {
    const [row] = await this.db.select().from(shares).where(eq(shares.code, code));
    return row ?? null;
  }

  /** The share lookup of `/share/info`, with its sharer; null when unknown. */
  infoByCode(code: string, origin: string): Promise<ShareInfo | null> {
    return this.cache.get('info', code, async () => {
      const info = await this.readInfo(code, origin);
      return { value: info, shareId: info?.id ?? null, until: untilExpiry(info?.expiry_time ?? 0) };
    });
  }

  private async readInfo(code: string, origin: string): Promise<ShareInfo | null> {
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

  /**
   * A share whose content may be listed or saved: exists, is valid now, and the caller has its
   * link (the id alone tells nothing: a wrong pair is "not found", whatever the id).
   */
  async openShare(shareId: number, shareCode: string): Promise<ShareRow> {
    const share = await this.rowById(shareId);
    if (!share || share.code !== shareCode) throw notFound('Share');
    const status = effectiveStatus(share);
    if (status !== ShareStatus.Valid) {
      throw new ApiError(ResponseCode.NotFound, STATUS_MESSAGES[status] ?? 'Share not found');
    }
    return share;
  }

  /**
   * What a media link of the item may serve now: null unless the share is open and the item is
   * still in it. A canceled, expired or deleted share's links, and a removed file's, stop as soon
   * as the database announces the change (within a second while it cannot: ShareCache.distrust).
   */
  async mediaOf(shareId: number, itemId: number): Promise<ItemMedia | null> {
    const share = await this.rowById(shareId);
    const now = Math.floor(this.clock() / 1000);
    if (share === null || effectiveStatus(share, now) !== ShareStatus.Valid) return null;
    return this.cache.get('item', `${shareId}:${itemId}`, async () => {
      const [row] = await this.db
        .select()
        .from(shareItems)
        .where(and(eq(shareItems.id, itemId), eq(shareItems.shareId, shareId)));
      return { value: row ? itemMediaOf(row) : null, shareId };
    });
  }

  /** The share's row (its status is worked out when used: expiry depends on the time). */
  private rowById(shareId: number): Promise<ShareRow | null> {
    return this.cache.get('share', String(shareId), async () => {
      const [share] = await this.db.select().from(shares).where(eq(shares.id, shareId));
      return { value: share ?? null, shareId: share ? share.id : null };
    });
  }

  /**
   * Checks the extract code of a protected share from a client address. Wrong codes count against
   * that client's network and the share's budget (ExtractCodeGuard); over a limit the client gets
   * 429 even with the right code, and on a share under attack a try without a solved proof of
   * work gets 4030 with a challenge to solve; other visitors are not affected.
   */
  async checkExtractCode(
    share: ShareRow,
    extractCode: string,
    clientAddress: string,
    proof?: string,
  ) {
    if (share.shareType !== ShareType.Private) return;
    const isRight = matchesExtractCode(extractCode, share.extractCode);
    const network = clientNetworkOf(clientAddress);
    let verdict;
    try {
      verdict = await this.guard.check(share.id, isRight, network, proof);
    } catch (error) {
      if (error instanceof ApiError) this.onRefusal('locked');
      throw error;
    }
    if (verdict === 'proof-needed') {
      this.onRefusal('proof_needed');
      const challenge = await this.proofs.challenge(share.id, network);
      throw new ApiError(ResponseCode.ProofOfWorkRequired, PROOF_NEEDED_MESSAGE, undefined, {
        challenge,
      } satisfies ProofOfWorkChallengeData);
    }
    if (verdict === 'wrong') {
      this.onRefusal('wrong');
      throw new ApiError(ResponseCode.InvalidExtractCode, 'Invalid extract code');
    }
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

  /** One page of a folder's items (folders first, then by name) and the folder's item count. */
  listPage(
    share: Pick<ShareRow, 'id'>,
    folderId: number | undefined,
    origin: string,
    page: PageRequest,
  ): Promise<{ file_list: SharedItem[]; total: number }> {
    const key = `${share.id}:${folderId ?? 0}:${page.current_page}:${page.page_size}`;
    return this.cache.get('list', key, async () => {
      const value = await this.readPage(share, folderId, origin, page);
      return { value, shareId: share.id, weight: 1 + value.file_list.length };
    });
  }

  private async readPage(
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
    const sign = (file: string) =>
      `${origin}${signedMediaUrl(this.mediaKey, row.shareId, row.id, file)}`;
    const download = downloadPathOf(row);
    return {
      id: row.id,
      name: row.name,
      thumb_url: row.thumbPath ? sign(row.thumbPath) : '',
      download_url: download ? sign(download) : '',
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
