import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MediaType, PREVIEW_LIMIT_SECONDS } from 'shared-contracts';
import { MEDIA_ROOT } from '../config/env';
import { nowSeconds } from '../lib/time';
import type { Database, Transaction } from './client';
import { communityAccounts, products, settings, shareItems, shares, users } from './schema';
import {
  DEMO_ACCOUNTS,
  DEMO_COMMUNITY_ACCOUNTS,
  DEMO_WORLD_SHARER,
  demoUserValues,
  type DemoAccount,
} from './seed-data/accounts';
import { productRows } from './seed-data/products';
import {
  DEMO_TEXT_FILE,
  demoShares,
  demoWorldShare,
  LARGE_SHARE_FILE_COUNT,
  type TreeNode,
} from './seed-data/shares';

const SEED_VERSION_KEY = 'seed_version';
/** 1: the first demo data; 2: demo-world added (issue 48); 3: a text file, a 2-page guide. */
const SEED_VERSION = '4';

function fileSize(relative: string): number {
  const absolute = path.join(MEDIA_ROOT, relative);
  if (relative.endsWith('/')) {
    return readdirSync(absolute).reduce(
      (sum, name) => sum + statSync(path.join(absolute, name)).size,
      0,
    );
  }
  return statSync(absolute).size;
}

/**
 * The preview rendition of a progressive video or audio longer than the preview limit
 * (`name.preview.ext`, made by scripts/preview-renditions.sh); '' when the file is its own preview.
 * A long file without one is a seeding error: a visitor would otherwise get the whole file.
 */
export function previewPathOf(file: {
  mediaPath: string;
  mediaType: number;
  isM3u8?: boolean;
  duration?: number;
}): string {
  const isPlayable = file.mediaType === MediaType.Video || file.mediaType === MediaType.Audio;
  if (!isPlayable || file.isM3u8 || (file.duration ?? 0) <= PREVIEW_LIMIT_SECONDS) return '';
  const previewPath = file.mediaPath.replace(/(\.[A-Za-z0-9]+)$/, '.preview$1');
  if (previewPath === file.mediaPath || !existsSync(path.join(MEDIA_ROOT, previewPath))) {
    throw new Error(
      `${file.mediaPath} is longer than the preview limit and has no preview rendition: run server/scripts/preview-renditions.sh`,
    );
  }
  return previewPath;
}

async function insertTree(
  tx: Transaction,
  shareId: number,
  parentId: number | null,
  nodes: TreeNode[],
  time: number,
): Promise<void> {
  for (const node of nodes) {
    if ('children' in node) {
      const [folder] = await tx
        .insert(shareItems)
        .values({
          shareId,
          parentId,
          name: node.name,
          isFolder: true,
          mediaType: MediaType.Folder,
          createTime: time,
          updateTime: time,
        })
        .returning({ id: shareItems.id });
      if (!folder) throw new Error('folder insert failed');
      await insertTree(tx, shareId, folder.id, node.children, time);
    } else {
      await tx.insert(shareItems).values({
        shareId,
        parentId,
        name: node.name,
        isFolder: false,
        mediaType: node.mediaType,
        mediaPath: node.mediaPath,
        previewPath: previewPathOf(node),
        thumbPath: node.thumbPath ?? '',
        isM3u8: node.isM3u8 ?? false,
        duration: node.duration ?? 0,
        totalSize: fileSize(node.mediaPath),
        createTime: time,
        updateTime: time,
      });
    }
  }
}

async function insertLargeFolder(tx: Transaction, shareId: number, time: number): Promise<void> {
  const [folder] = await tx
    .insert(shareItems)
    .values({
      shareId,
      parentId: null,
      name: '10,000 photos',
      isFolder: true,
      mediaType: MediaType.Folder,
      createTime: time,
      updateTime: time,
    })
    .returning({ id: shareItems.id });
  if (!folder) throw new Error('folder insert failed');
  const batchSize = 1000;
  for (let start = 0; start < LARGE_SHARE_FILE_COUNT; start += batchSize) {
    const rows = demoPhotoRows({ shareId, parentId: folder.id }, start + 1, batchSize, 5, time);
    await tx.insert(shareItems).values(rows);
  }
}

/**
 * Share items for demo photos number `first` to `first + count - 1`: `photo-{number}.jpg` with
 * `digits` digits, the four demo images in turn, each one a second older than the one before.
 */
export function demoPhotoRows(
  place: { shareId: number; parentId: number | null },
  first: number,
  count: number,
  digits: number,
  time: number,
) {
  const sizes = [1, 2, 3, 4].map((index) => fileSize(`images/photo-${index}.jpg`));
  return Array.from({ length: count }, (_, offset) => {
    const number = first + offset;
    const index = (number % 4) + 1;
    return {
      ...place,
      name: `photo-${String(number).padStart(digits, '0')}.jpg`,
      isFolder: false,
      mediaType: MediaType.Image,
      mediaPath: `images/photo-${index}.jpg`,
      thumbPath: `images/photo-${index}-thumb.jpg`,
      totalSize: sizes[index - 1] ?? 0,
      createTime: time - number,
      updateTime: time - number,
    };
  });
}

/** demo-world and its sharer, who shares nothing else (seed version 2). */
async function insertWorldShare(tx: Transaction, time: number): Promise<void> {
  const sharer = demoUserValues(DEMO_WORLD_SHARER, time);
  // A database seeded by version 1 may have met her address since: her account is kept.
  await tx.insert(users).values(sharer).onConflictDoNothing();
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.externalId, sharer.externalId));
  if (!user) throw new Error('demo-world has no sharer');
  const { tree, ...share } = demoWorldShare();
  const [row] = await tx
    .insert(shares)
    .values({ ...share, userId: user.id })
    .onConflictDoNothing()
    .returning({ id: shares.id });
  // A share with its code exists already: it is left as it is.
  if (row) await insertTree(tx, row.id, null, tree, time);
}

/**
 * Version 3: Documents' 'notes.pdf' (a second copy of the guide) is the demo's text file, and the
 * guide, two pages long now, is measured again; version 4 measures it once more (a Chinese line).
 */
async function upgradeToTextFile(tx: Transaction): Promise<void> {
  await tx
    .update(shareItems)
    .set({ ...DEMO_TEXT_FILE, totalSize: fileSize(DEMO_TEXT_FILE.mediaPath) })
    .where(and(eq(shareItems.name, 'notes.pdf'), eq(shareItems.mediaPath, 'docs/guide.pdf')));
  await tx
    .update(shareItems)
    .set({ totalSize: fileSize('docs/guide.pdf') })
    .where(eq(shareItems.mediaPath, 'docs/guide.pdf'));
}

/**
 * Seeds the demo data of docs/decisions/0026-demo-data.md once; later starts find the marker and
 * do nothing. A database seeded by an earlier version gets what was added since, once: version 1's
 * gets demo-world, versions 1 and 2 the text file, versions 1 to 3 the guide's size.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx
      .insert(settings)
      .values({ key: SEED_VERSION_KEY, value: SEED_VERSION })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (marker.length === 0) {
      // The marker moves to this version in this transaction, so one start adds what is missing.
      const [seeded] = await tx
        .select({ value: settings.value })
        .from(settings)
        .where(eq(settings.key, SEED_VERSION_KEY));
      const from = seeded?.value;
      if (from !== '1' && from !== '2' && from !== '3') return false;
      // Claimed by one start: another that read the same version finds it moved and does nothing.
      const claimed = await tx
        .update(settings)
        .set({ value: SEED_VERSION })
        .where(and(eq(settings.key, SEED_VERSION_KEY), eq(settings.value, from)))
        .returning({ key: settings.key });
      if (claimed.length === 0) return false;
      if (from === '1') await insertWorldShare(tx, nowSeconds());
      await upgradeToTextFile(tx);
      return true;
    }

    const time = nowSeconds();
    const userIds = new Map<DemoAccount['key'], number>();
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values(demoUserValues(account, time))
        .returning({ id: users.id });
      if (!row) throw new Error('user insert failed');
      userIds.set(account.key, row.id);
    }
    const samId = userIds.get('sam');
    if (samId === undefined) throw new Error('Sam is missing');

    for (const { tree, ...share } of demoShares(time)) {
      const [row] = await tx
        .insert(shares)
        .values({ ...share, userId: samId })
        .returning({ id: shares.id });
      if (!row) throw new Error('share insert failed');
      await insertTree(tx, row.id, null, tree, time);
      if (share.code === 'demo-large') await insertLargeFolder(tx, row.id, time);
    }
    await insertWorldShare(tx, time);

    await tx.insert(products).values([...productRows(1), ...productRows(2)]);
    await tx.insert(communityAccounts).values([...DEMO_COMMUNITY_ACCOUNTS]);
    return true;
  });
}
