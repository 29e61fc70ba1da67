import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { PageRequest, SharedItem } from 'shared-contracts';
import type { Database } from '../../db/client';
import { shareItems } from '../../db/schema';
import { notFound } from '../../lib/api-error';
import type { ShareCache } from '../../lib/share-cache';
import { sharedItemOf } from './share-items';
import type { ShareItemRow, ShareRow } from './shares';

/** Folders first, then by name; the id keeps pages stable between equal names. */
const LIST_ORDER = [desc(shareItems.isFolder), asc(shareItems.name), asc(shareItems.id)] as const;

/** A share's folders, listed a page at a time (kept in the ShareCache), and what a save takes. */
export class ShareListing {
  constructor(
    private readonly db: Database,
    private readonly mediaKey: Buffer,
    private readonly cache: ShareCache,
  ) {}

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
      file_list: rows.map((row) => sharedItemOf(row, origin, this.mediaKey)),
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
