import { eq, sql } from 'drizzle-orm';
import { ShareType, type ShareInfo } from 'shared-contracts';
import type { Database } from '../db/client';
import { shareItems, shares, users } from '../db/schema';
import { avatarUrlOf } from '../lib/media-urls';
import { effectiveStatus } from './share-status';

/**
 * Counts a share's files (not its folders) and their bytes at every depth, in one pass over its
 * items (the index on `share_id` finds them): its header says what it holds.
 */
async function readShareContents(db: Database, shareId: number) {
  const [contents] = await db
    .select({
      files: sql<number>`count(*) filter (where not ${shareItems.isFolder})::integer`,
      bytes: sql<string>`coalesce(sum(${shareItems.totalSize}) filter (where not ${shareItems.isFolder}), 0)::bigint`,
    })
    .from(shareItems)
    .where(eq(shareItems.shareId, shareId));
  return { fileCount: contents?.files ?? 0, totalBytes: Number(contents?.bytes ?? 0) };
}

/**
 * The share lookup of `/share/info` by code, with its sharer and what it holds at every depth;
 * null when no share has the code. Read once per share and kept in the ShareCache
 * (ShareService.infoByCode), not per request.
 */
export async function readShareInfo(
  db: Database,
  code: string,
  origin: string,
): Promise<ShareInfo | null> {
  const [row] = await db
    .select({ share: shares, nickName: users.nickName, avatar: users.avatar })
    .from(shares)
    .innerJoin(users, eq(users.id, shares.userId))
    .where(eq(shares.code, code));
  if (!row) return null;
  const { share } = row;
  const contents = await readShareContents(db, share.id);
  return {
    id: share.id,
    share_code: share.code,
    share_name: share.name,
    file_count: contents.fileCount,
    total_size: contents.totalBytes,
    share_type: share.shareType === ShareType.Private ? ShareType.Private : ShareType.Public,
    status: effectiveStatus(share) as ShareInfo['status'],
    user_info: {
      id: share.userId,
      nick_name: row.nickName,
      avatar: avatarUrlOf(origin, row.avatar),
    },
    expiry_time: share.expiryTime,
  };
}
