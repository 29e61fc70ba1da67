import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  ResponseCode,
  SHARE_SEARCH_TIMEOUT_MESSAGE,
  type PageRequest,
  type ShareFolderRef,
  type ShareSearch,
  type SiteLanguage,
} from 'shared-contracts';
import type { Database } from '../db/client';
import { shareItems } from '../db/schema';
import { ApiError } from '../lib/api-error';
import { sortByName } from './natural-order';
import { containsPattern } from './share-listing';
import { sharedItemOf } from './share-items';
import type { ShareRow } from '../plugins/app/shares';

/**
 * How long one search may take, database and sorting together (docs/security.md): PostgreSQL ends
 * its statement then, and the answer is SHARE_SEARCH_TIMEOUT_MESSAGE whatever the database.
 */
export const SHARE_SEARCH_TIMEOUT_MS = 2000;
/** How deep a result's path is followed (a share's folders nest far less; guards a cycle). */
const PATH_DEPTH_MAX = 64;

export interface SearchQuery {
  /** The text, trimmed and checked (1 to SHARE_SEARCH_MAX characters). */
  text: string;
  page: PageRequest;
  language?: SiteLanguage;
}

/**
 * A search of a whole share by name: every item at every depth whose name contains the text
 * (ignoring case; ILIKE on the names' trigram index), in the listing's natural order (folders
 * first, then by name in the visitor's language), a page at a time, each with its path.
 */
export class ShareSearcher {
  constructor(
    private readonly db: Database,
    private readonly mediaKey: Buffer,
    private readonly timeoutMs = SHARE_SEARCH_TIMEOUT_MS,
  ) {}

  async search(share: Pick<ShareRow, 'id'>, origin: string, query: SearchQuery) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(searchTimedOut()), this.timeoutMs);
    });
    try {
      return await Promise.race([this.read(share, origin, query), timeout]);
    } catch (error) {
      // PostgreSQL's statement timeout (set below) says so with code 57014.
      if (isStatementTimeout(error)) throw searchTimedOut();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private read(
    share: Pick<ShareRow, 'id'>,
    origin: string,
    query: SearchQuery,
  ): Promise<ShareSearch> {
    // PGlite runs a statement on this thread, beyond any timer: the time is checked between steps.
    const deadline = performance.now() + this.timeoutMs;
    const inTime = () => {
      if (performance.now() > deadline) throw searchTimedOut();
    };
    return this.db.transaction(async (tx) => {
      // PostgreSQL ends the statements itself (PGlite takes the setting and has no timer).
      await tx.execute(sql.raw(`set local statement_timeout = ${this.timeoutMs}`));
      const matches = await tx
        .select({ id: shareItems.id, name: shareItems.name, isFolder: shareItems.isFolder })
        .from(shareItems)
        .where(
          and(
            eq(shareItems.shareId, share.id),
            ilike(shareItems.name, containsPattern(query.text)),
          ),
        );
      inTime();
      const ordered = sortByName(matches, query.language ?? DEFAULT_LANGUAGE, 'asc');
      const offset = (query.page.current_page - 1) * query.page.page_size;
      const ids = ordered.slice(offset, offset + query.page.page_size).map((item) => item.id);
      if (ids.length === 0) return { file_list: [], total: ordered.length };
      inTime();
      const rows = await tx.select().from(shareItems).where(inArray(shareItems.id, ids));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const inOrder = ids.flatMap((id) => byId.get(id) ?? []);
      const folders = await this.foldersAbove(
        tx,
        share,
        inOrder.map((row) => row.parentId),
      );
      return {
        file_list: inOrder.map((row) => ({
          ...sharedItemOf(row, origin, this.mediaKey),
          path: pathOf(row.parentId, folders),
        })),
        total: ordered.length,
      };
    });
  }

  /** The folders from each parent up to the root, read a level at a time (one query a level). */
  private async foldersAbove(
    tx: Pick<Database, 'select'>,
    share: Pick<ShareRow, 'id'>,
    parents: (number | null)[],
  ): Promise<Map<number, FolderLink>> {
    const folders = new Map<number, FolderLink>();
    let wanted = [...new Set(parents.filter((id): id is number => id !== null))];
    for (let depth = 0; wanted.length > 0 && depth < PATH_DEPTH_MAX; depth += 1) {
      const rows = await tx
        .select({ id: shareItems.id, name: shareItems.name, parentId: shareItems.parentId })
        .from(shareItems)
        .where(and(eq(shareItems.shareId, share.id), inArray(shareItems.id, wanted)));
      for (const row of rows) folders.set(row.id, row);
      wanted = [
        ...new Set(
          rows.flatMap((row) =>
            row.parentId !== null && !folders.has(row.parentId) ? [row.parentId] : [],
          ),
        ),
      ];
    }
    return folders;
  }
}

interface FolderLink {
  id: number;
  name: string;
  parentId: number | null;
}

/** The folders from the share's root (excluded) down to `parentId`, root first. */
export function pathOf(
  parentId: number | null,
  folders: Map<number, FolderLink>,
): ShareFolderRef[] {
  const path: ShareFolderRef[] = [];
  let folder = parentId === null ? undefined : folders.get(parentId);
  while (folder && path.length < PATH_DEPTH_MAX) {
    path.unshift({ id: folder.id, name: folder.name });
    folder = folder.parentId === null ? undefined : folders.get(folder.parentId);
  }
  return path;
}

function searchTimedOut(): ApiError {
  return new ApiError(ResponseCode.ServerError, SHARE_SEARCH_TIMEOUT_MESSAGE);
}

function isStatementTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
