import { and, eq } from 'drizzle-orm';
import { DEFAULT_SAVE_FOLDER_ID, FolderType, ROOT_FOLDER_ID } from 'shared-contracts';
import type { Database, Transaction } from '../db/client';
import { cloudFolders } from '../db/schema';
import { notFound } from '../lib/api-error';
import { nowSeconds } from '../lib/time';

export const ROOT_FOLDER_NAME = 'Cloud Files';
export const FROM_SHARE_FOLDER_NAME = 'From Share';

type FolderRow = typeof cloudFolders.$inferSelect;

/** A name not yet taken among `taken`, adding " (2)", " (3)"... as needed; records it. */
export function freeName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${name} (${suffix})`;
  taken.add(candidate);
  return candidate;
}

export async function fromShareFolder(tx: Database | Transaction, userId: number) {
  const [folder] = await tx
    .select()
    .from(cloudFolders)
    .where(and(eq(cloudFolders.userId, userId), eq(cloudFolders.folderType, FolderType.FromShare)))
    .limit(1);
  return folder ?? null;
}

export async function ensureFromShareFolder(tx: Transaction, userId: number): Promise<FolderRow> {
  const existing = await fromShareFolder(tx, userId);
  if (existing) return existing;
  const siblings = await childNames(tx, userId, ROOT_FOLDER_ID);
  const time = nowSeconds();
  const [created] = await tx
    .insert(cloudFolders)
    .values({
      userId,
      parentId: ROOT_FOLDER_ID,
      name: freeName(FROM_SHARE_FOLDER_NAME, siblings),
      folderType: FolderType.FromShare,
      createTime: time,
      updateTime: time,
    })
    .returning();
  if (!created) throw new Error('From Share folder insert failed');
  return created;
}

export async function childNames(tx: Database | Transaction, userId: number, parentId: number) {
  const rows = await tx
    .select({ name: cloudFolders.name })
    .from(cloudFolders)
    .where(and(eq(cloudFolders.userId, userId), eq(cloudFolders.parentId, parentId)));
  return new Set(rows.map((row) => row.name));
}

/** A destination folder id as the API takes it (0 root, -1 From Share) made real. */
export async function destination(
  tx: Transaction,
  userId: number,
  folderId: number,
): Promise<{ id: number; name: string }> {
  if (folderId === ROOT_FOLDER_ID) return { id: ROOT_FOLDER_ID, name: ROOT_FOLDER_NAME };
  if (folderId === DEFAULT_SAVE_FOLDER_ID) return ensureFromShareFolder(tx, userId);
  const [folder] = await tx
    .select()
    .from(cloudFolders)
    .where(and(eq(cloudFolders.id, folderId), eq(cloudFolders.userId, userId)));
  if (!folder) throw notFound('Folder');
  return folder;
}
