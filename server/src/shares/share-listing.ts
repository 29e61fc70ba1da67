import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_SHARE_LIST_SORT,
  defaultShareListOrder,
  type PageRequest,
  type SharedItem,
  type ShareDetailRequest,
  type SiteLanguage,
} from 'shared-contracts';
import type { Database } from '../db/client';
import { shareItems } from '../db/schema';
import { notFound } from '../lib/api-error';
import type { ShareCache } from '../lib/share-cache';
import { folderNameOrder, idsInOrder } from './natural-order';
import { sharedItemOf } from './share-items';
import type { ShareItemRow, ShareRow } from '../plugins/app/shares';

/** How deep a folder's path is followed (a share's folders nest far less). */
const FOLDER_DEPTH_MAX = 64;

/**
 * How a listing is sorted and filtered: the optional fields of `/share/detail`, and the visitor's
 * language, whose alphabet orders the names (English when not known).
 */
export type ListingQuery = Pick<ShareDetailRequest, 'sort' | 'order' | 'name_filter'> & {
  language?: SiteLanguage;
};

const SORT_COLUMNS = {
  time: shareItems.updateTime,
  size: shareItems.totalSize,
} as const;

/**
 * Folders first, then by time or size; the id keeps pages stable between equal keys. The order a
 * visitor expects when they name none: the newest and the largest first. (Names are ordered by
 * `folderNameOrder`: the database knows no natural, language-aware order.)
 */
export function listOrder(sort: 'time' | 'size', query: ListingQuery): SQL[] {
  const order = query.order ?? defaultShareListOrder(sort);
  const column = SORT_COLUMNS[sort];
  return [
    desc(shareItems.isFolder),
    order === 'asc' ? asc(column) : desc(column),
    asc(shareItems.id),
  ];
}

/** A LIKE pattern that finds `text` anywhere: its own '%', '_' and backslash are plain characters. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A share's folders, listed a page at a time (kept in the ShareCache), and what a save takes. A
 * folder's name orders are kept apart, in `nameOrders`: a room of their own, so however many
 * languages a stranger cycles through, they never evict what the other visitors' listings keep.
 */
export class ShareListing {
  constructor(
    private readonly db: Database,
    private readonly mediaKey: Buffer,
    private readonly cache: ShareCache,
    private readonly nameOrders: ShareCache,
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

  /**
   * The folders from the share's root (not included) down to `folderId`, for the breadcrumb of a
   * folder's link. A folder of another share is not found.
   */
  async folderPath(
    share: Pick<ShareRow, 'id'>,
    folderId: number,
  ): Promise<{ id: number; name: string }[]> {
    const path: { id: number; name: string }[] = [];
    let folder: ShareItemRow | null = await this.folderOf(share, folderId);
    // The demo's deepest share is three levels; the bound only guards against a cycle in bad data.
    while (folder && path.length < FOLDER_DEPTH_MAX) {
      path.unshift({ id: folder.id, name: folder.name });
      folder = folder.parentId === null ? null : await this.folderOf(share, folder.parentId);
    }
    return path;
  }

  /**
   * One page of a folder's items (folders first, then by name in the visitor's language, or in
   * the query's order; only the names that match its filter) and how many items the folder
   * holds, or match.
   */
  listPage(
    share: Pick<ShareRow, 'id'>,
    folderId: number | undefined,
    origin: string,
    page: PageRequest,
    query: ListingQuery = {},
  ): Promise<{ file_list: SharedItem[]; total: number }> {
    // A filter is one visitor's typing, rarely anyone else's: kept, a stranger's stream of them
    // would evict what every visitor shares. Unkept it costs a page (name order, cut in memory)
    // or one filtered query of the folder.
    if (query.name_filter !== undefined) return this.readPage(share, folderId, origin, page, query);
    // The language orders names only: a time or size order is one entry for every language.
    const byName = (query.sort ?? DEFAULT_SHARE_LIST_SORT) === 'name';
    const language = byName ? (query.language ?? DEFAULT_LANGUAGE) : null;
    const sorted = JSON.stringify([query.sort, query.order, language]);
    const key = `${share.id}:${folderId ?? 0}:${page.current_page}:${page.page_size}:${sorted}`;
    return this.cache.get('list', key, async () => {
      const value = await this.readPage(share, folderId, origin, page, query);
      return { value, shareId: share.id, weight: 1 + value.file_list.length };
    });
  }

  private async readPage(
    share: Pick<ShareRow, 'id'>,
    folderId: number | undefined,
    origin: string,
    page: PageRequest,
    query: ListingQuery,
  ): Promise<{ file_list: SharedItem[]; total: number }> {
    const inFolder = await this.itemsIn(share, folderId);
    const sort = query.sort ?? DEFAULT_SHARE_LIST_SORT;
    const offset = (page.current_page - 1) * page.page_size;
    if (sort === 'name') {
      const order = await this.nameOrder(share, folderId, inFolder, query);
      const ids = order.slice(offset, offset + page.page_size);
      const rows =
        ids.length === 0
          ? []
          : await this.db.select().from(shareItems).where(inArray(shareItems.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const inOrder = ids.flatMap((id) => byId.get(id) ?? []);
      return {
        file_list: inOrder.map((row) => sharedItemOf(row, origin, this.mediaKey)),
        total: order.length,
      };
    }
    // ILIKE: case-insensitive, the same in PGlite and PostgreSQL; backslash is LIKE's default escape.
    const where =
      query.name_filter === undefined
        ? inFolder
        : and(inFolder, ilike(shareItems.name, containsPattern(query.name_filter)));
    const [totalRow] = await this.db.select({ total: count() }).from(shareItems).where(where);
    const rows = await this.db
      .select()
      .from(shareItems)
      .where(where)
      .orderBy(...listOrder(sort, query))
      .limit(page.page_size)
      .offset(offset);
    return {
      file_list: rows.map((row) => sharedItemOf(row, origin, this.mediaKey)),
      total: totalRow?.total ?? 0,
    };
  }

  /**
   * The ids of a folder's items that match the query, in natural name order. The folder is read
   * and sorted once per language (one read however many ask at once); the order and the name
   * filter are cut from that in memory, so varying them reads and keeps nothing more. Every page
   * of it is a slice.
   */
  private async nameOrder(
    share: Pick<ShareRow, 'id'>,
    folderId: number | undefined,
    inFolder: SQL | undefined,
    query: ListingQuery,
  ): Promise<number[]> {
    const language = query.language ?? DEFAULT_LANGUAGE;
    // By language: Intl cannot show two of them collate alike (each resolves to its own locale).
    const key = JSON.stringify([share.id, folderId ?? 0, language]);
    const folder = await this.nameOrders.get('name-order', key, async () => {
      const items = await this.db
        .select({ id: shareItems.id, name: shareItems.name, isFolder: shareItems.isFolder })
        .from(shareItems)
        .where(inFolder);
      const value = folderNameOrder(items, language);
      return { value, shareId: share.id, weight: 1 + value.length };
    });
    return idsInOrder(folder, query.order ?? defaultShareListOrder('name'), query.name_filter);
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
