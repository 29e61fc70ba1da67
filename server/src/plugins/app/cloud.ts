import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { CloudFolder, SaveFileResult } from 'shared-contracts';
import { DEFAULT_SAVE_FOLDER_ID, FolderType, ResponseCode, ROOT_FOLDER_ID } from 'shared-contracts';
import type { Database, Transaction } from '../../db/client';
import { cloudFiles, cloudFolders, users } from '../../db/schema';
import { ApiError, notFound } from '../../lib/api-error';
import { childNames, destination, freeName, fromShareFolder } from '../../cloud/cloud-folders';
import { runOnce, type Idempotency } from '../../lib/idempotency';
import { nowSeconds } from '../../lib/time';
import type { ShareItemRow } from './shares';

const INSERT_BATCH = 1000;

/** A user's own cloud: its folders, listed and created, and the saves of shared items into it. */
export class CloudService {
  constructor(private readonly db: Database) {}

  /** Locks the user's row: every change to one user's cloud runs one at a time. */
  private async lockUser(tx: Transaction, userId: number) {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('User');
    return user;
  }

  async listFolders(
    userId: number,
    parentId: number,
    page: { current_page: number; page_size: number },
  ): Promise<{ list: CloudFolder[]; total: number }> {
    let parent = parentId;
    if (parentId === DEFAULT_SAVE_FOLDER_ID) {
      const folder = await fromShareFolder(this.db, userId);
      if (!folder) return { list: [], total: 0 };
      parent = folder.id;
    } else if (parentId !== ROOT_FOLDER_ID) {
      const [folder] = await this.db
        .select({ id: cloudFolders.id })
        .from(cloudFolders)
        .where(and(eq(cloudFolders.id, parentId), eq(cloudFolders.userId, userId)));
      if (!folder) throw notFound('Folder');
    }
    const where = and(eq(cloudFolders.userId, userId), eq(cloudFolders.parentId, parent));
    const [totalRow] = await this.db.select({ total: count() }).from(cloudFolders).where(where);
    const children = this.db
      .select({ parentId: cloudFolders.parentId, subfolders: count().as('subfolders') })
      .from(cloudFolders)
      .where(eq(cloudFolders.userId, userId))
      .groupBy(cloudFolders.parentId)
      .as('children');
    const rows = await this.db
      .select({ folder: cloudFolders, subfolders: children.subfolders })
      .from(cloudFolders)
      .leftJoin(children, eq(children.parentId, cloudFolders.id))
      .where(where)
      // The From Share folder first, then by name.
      .orderBy(
        desc(sql`${cloudFolders.folderType} = ${FolderType.FromShare}`),
        asc(cloudFolders.name),
        asc(cloudFolders.id),
      )
      .limit(page.page_size)
      .offset((page.current_page - 1) * page.page_size);
    return {
      total: totalRow?.total ?? 0,
      list: rows.map(({ folder, subfolders }) => ({
        id: folder.id,
        name: folder.name,
        parent_id: folder.parentId,
        update_time: folder.updateTime,
        folder_type: folder.folderType,
        subfolder_num: Number(subfolders ?? 0),
      })),
    };
  }

  async createFolder(
    userId: number,
    parentId: number,
    name: string,
    idempotency: Idempotency | null = null,
  ): Promise<{ id: number; name: string }> {
    return this.db.transaction(async (tx) => {
      await this.lockUser(tx, userId);
      return runOnce(tx, userId, idempotency, () => this.insertFolder(tx, userId, parentId, name));
    });
  }

  private async insertFolder(tx: Transaction, userId: number, parentId: number, name: string) {
    const parent = await destination(tx, userId, parentId);
    const siblings = await childNames(tx, userId, parent.id);
    if (siblings.has(name)) {
      throw new ApiError(ResponseCode.NameTaken, 'A folder with this name already exists.');
    }
    const time = nowSeconds();
    const [created] = await tx
      .insert(cloudFolders)
      .values({
        userId,
        parentId: parent.id,
        name,
        folderType: 0,
        createTime: time,
        updateTime: time,
      })
      .returning({ id: cloudFolders.id, name: cloudFolders.name });
    if (!created) throw new Error('folder insert failed');
    return created;
  }

  /**
   * Copies share items into the user's cloud in one transaction, under the user's row lock, so
   * concurrent saves can never use more storage than the quota. A save that does not fit
   * changes nothing.
   */
  async save(
    userId: number,
    folderId: number,
    items: ShareItemRow[],
    idempotency: Idempotency | null = null,
  ): Promise<SaveFileResult> {
    return this.db.transaction(async (tx) => {
      const user = await this.lockUser(tx, userId);
      return runOnce(tx, userId, idempotency, () => this.copy(tx, user, folderId, items));
    });
  }

  private async copy(
    tx: Transaction,
    user: typeof users.$inferSelect,
    folderId: number,
    items: ShareItemRow[],
  ): Promise<SaveFileResult> {
    const userId = user.id;
    const totalSize = items.reduce((sum, item) => sum + (item.isFolder ? 0 : item.totalSize), 0);
    if (user.usedStorage + totalSize > user.maxStorage) {
      throw new ApiError(ResponseCode.StorageFull, 'Insufficient cloud storage');
    }
    const target = await destination(tx, userId, folderId);
    const time = nowSeconds();
    const collectedIds = new Set(items.map((item) => item.id));
    // Share folder id -> the cloud folder it was copied to; top-level items go to the target.
    const copiedFolder = new Map<number, number>();
    const takenNames = new Map<number, Set<string>>([
      [target.id, await childNames(tx, userId, target.id)],
    ]);
    const cloudParentOf = (item: ShareItemRow) =>
      item.parentId !== null && collectedIds.has(item.parentId)
        ? copiedFolder.get(item.parentId)
        : target.id;

    // Folders parent-first: repeat until every folder whose parent is copied is copied.
    let pending = items.filter((item) => item.isFolder);
    while (pending.length > 0) {
      const ready = pending.filter((item) => cloudParentOf(item) !== undefined);
      if (ready.length === 0) throw new Error('folder tree is not connected');
      for (const folder of ready) {
        const parentId = cloudParentOf(folder) ?? target.id;
        const taken = takenNames.get(parentId) ?? new Set<string>();
        takenNames.set(parentId, taken);
        const [created] = await tx
          .insert(cloudFolders)
          .values({
            userId,
            parentId,
            name: freeName(folder.name, taken),
            folderType: 0,
            createTime: time,
            updateTime: time,
          })
          .returning({ id: cloudFolders.id });
        if (!created) throw new Error('folder insert failed');
        copiedFolder.set(folder.id, created.id);
        takenNames.set(created.id, new Set());
      }
      const done = new Set(ready.map((item) => item.id));
      pending = pending.filter((item) => !done.has(item.id));
    }

    const files = items
      .filter((item) => !item.isFolder)
      .map((item) => ({
        userId,
        folderId: cloudParentOf(item) ?? target.id,
        name: item.name,
        mediaType: item.mediaType,
        mediaPath: item.mediaPath,
        totalSize: item.totalSize,
        sourceItemId: item.id,
        createTime: time,
      }));
    for (let start = 0; start < files.length; start += INSERT_BATCH) {
      await tx.insert(cloudFiles).values(files.slice(start, start + INSERT_BATCH));
    }
    await tx
      .update(users)
      .set({ usedStorage: sql`${users.usedStorage} + ${totalSize}` })
      .where(eq(users.id, userId));
    if (target.id !== ROOT_FOLDER_ID) {
      await tx.update(cloudFolders).set({ updateTime: time }).where(eq(cloudFolders.id, target.id));
    }
    return { folder_id: target.id, folder_name: target.name, saved_count: items.length };
  }

  async fileCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(cloudFiles)
      .where(eq(cloudFiles.userId, userId));
    return row?.total ?? 0;
  }

  async foldersNamed(userId: number, names: string[]) {
    return this.db
      .select()
      .from(cloudFolders)
      .where(and(eq(cloudFolders.userId, userId), inArray(cloudFolders.name, names)));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    cloud: CloudService;
  }
}

export default fp(
  async (app) => {
    app.decorate('cloud', new CloudService(app.db));
  },
  { name: 'cloud', dependencies: ['database'] },
);
