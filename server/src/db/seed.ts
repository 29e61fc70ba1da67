import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  IdentityType,
  MediaType,
  PREVIEW_LIMIT_SECONDS,
  ShareStatus,
  ShareType,
} from 'shared-contracts';
import { MEDIA_ROOT } from '../config/env';
import { nowSeconds } from '../lib/time';
import type { Database, Transaction } from './client';
import { communityAccounts, products, settings, shareItems, shares, users } from './schema';

const SEED_VERSION_KEY = 'seed_version';
const SEED_VERSION = '1';
export const DEV_IDENTITY_ISSUER = 'nimbus-development-idp';
export const DEV_IDENTITY_AUDIENCE = 'nimbus-share';

const GB = 1024 ** 3;
const TB = 1024 ** 4;

/** Media types outside spec's 0..3 are "unknown": the viewer offers no preview. */
export const DocumentMediaType = { Pdf: 4, Archive: 5 } as const;

export interface DemoAccount {
  key: 'sam' | 'carol' | 'alice' | 'bob';
  name: string;
  email: string;
  identityType: IdentityType;
  maxStorage: number;
  usedStorage: number;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'sam',
    name: 'Sam',
    email: 'sam@example.com',
    identityType: IdentityType.Free,
    maxStorage: 2 * TB,
    usedStorage: 3 * GB,
  },
  {
    key: 'carol',
    name: 'Carol',
    email: 'carol@example.com',
    identityType: IdentityType.Free,
    maxStorage: 100 * GB,
    usedStorage: 1 * GB,
  },
  {
    key: 'alice',
    name: 'Alice',
    email: 'alice@example.com',
    identityType: IdentityType.Free,
    maxStorage: 10 * GB,
    usedStorage: 10 * GB,
  },
  {
    key: 'bob',
    name: 'Bob',
    email: 'bob@example.com',
    identityType: IdentityType.Vip,
    maxStorage: 2 * TB,
    usedStorage: 2 * TB,
  },
];

export const DEMO_COMMUNITY_ACCOUNTS = [
  { id: 'discord-100001', displayName: 'nimbus_fan' },
  { id: 'discord-100002', displayName: 'cloud_lover' },
  { id: 'discord-100003', displayName: 'night_owl' },
] as const;

export const DEMO_SHARE_CODES = [
  'demo-public',
  'demo-private',
  'demo-canceled',
  'demo-expired',
  'demo-deleted',
  'demo-large',
  'demo-empty',
] as const;
export const DEMO_EXTRACT_CODE = 'ab12';
export const LARGE_SHARE_FILE_COUNT = 10_000;

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

interface MediaFile {
  name: string;
  mediaType: number;
  mediaPath: string;
  thumbPath?: string;
  isM3u8?: boolean;
  duration?: number;
}

interface FolderNode {
  name: string;
  children: TreeNode[];
}
type TreeNode = MediaFile | FolderNode;

const photo = (name: string, index: number): MediaFile => ({
  name,
  mediaType: MediaType.Image,
  mediaPath: `images/photo-${index}.jpg`,
  thumbPath: `images/photo-${index}-thumb.jpg`,
});

export const HLS_VIDEO_NAME = 'Ocean Waves.mp4';
export const MP4_VIDEO_NAME = 'City Clip.mp4';
export const AUDIO_NAME = 'Morning Tone.mp3';

/** demo-public and demo-private: folders three levels deep and one file of every kind. */
function richTree(): TreeNode[] {
  return [
    {
      name: 'Photos',
      children: [
        {
          name: '2025',
          children: [
            { name: 'Summer', children: [photo('beach.jpg', 1), photo('sunset.jpg', 2)] },
            photo('spring.jpg', 3),
          ],
        },
        photo('portrait.jpg', 4),
      ],
    },
    {
      name: 'Documents',
      children: [
        { name: 'notes.pdf', mediaType: DocumentMediaType.Pdf, mediaPath: 'docs/guide.pdf' },
      ],
    },
    {
      name: HLS_VIDEO_NAME,
      mediaType: MediaType.Video,
      mediaPath: 'video/hls-demo/',
      thumbPath: 'video/hls-demo/poster.jpg',
      isM3u8: true,
      duration: 70,
    },
    {
      name: MP4_VIDEO_NAME,
      mediaType: MediaType.Video,
      mediaPath: 'video/clip.mp4',
      thumbPath: 'video/clip-poster.jpg',
      duration: 20,
    },
    { name: AUDIO_NAME, mediaType: MediaType.Audio, mediaPath: 'audio/tone.mp3', duration: 70 },
    photo('mountains.jpg', 4),
    { name: 'guide.pdf', mediaType: DocumentMediaType.Pdf, mediaPath: 'docs/guide.pdf' },
    { name: 'archive.zip', mediaType: DocumentMediaType.Archive, mediaPath: 'docs/archive.zip' },
  ];
}

function smallTree(): TreeNode[] {
  return [{ name: 'Holiday', children: [photo('lake.jpg', 1)] }, photo('city.jpg', 2)];
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

function productRows(appId: 1 | 2) {
  const prefix = appId === 1 ? 'com.example.nimbus.ios' : 'com.example.nimbus.android';
  return [
    {
      name: 'Monthly',
      priceCents: 999,
      discountPriceCents: 499,
      cycleType: 1,
      cycleNum: 1,
      isDefault: false,
      suffix: 'monthly',
    },
    {
      name: 'Yearly',
      priceCents: 5999,
      discountPriceCents: 0,
      cycleType: 1,
      cycleNum: 12,
      isDefault: true,
      suffix: 'yearly',
    },
    {
      name: 'Weekly',
      priceCents: 299,
      discountPriceCents: 0,
      cycleType: 2,
      cycleNum: 1,
      isDefault: false,
      suffix: 'weekly',
    },
  ].map(({ suffix, ...row }, index) => ({
    ...row,
    appId,
    thirdProductId: `${prefix}.vip.${suffix}`,
    sortOrder: index,
  }));
}

/** Seeds the demo data of DECISIONS.md once; later starts find the marker and do nothing. */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const marker = await tx
      .insert(settings)
      .values({ key: SEED_VERSION_KEY, value: SEED_VERSION })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (marker.length === 0) return false;

    const time = nowSeconds();
    const userIds = new Map<DemoAccount['key'], number>();
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({
          externalId: `${DEV_IDENTITY_ISSUER}|${account.email}`,
          email: account.email,
          nickName: account.name,
          avatar: `avatars/${account.key}.svg`,
          identityType: account.identityType,
          vipExpiryTime: account.identityType === IdentityType.Vip ? time + 365 * 86400 : 0,
          maxStorage: account.maxStorage,
          usedStorage: account.usedStorage,
          maxOfflineFileSize: account.identityType === IdentityType.Vip ? 20 * GB : 2 * GB,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert failed');
      userIds.set(account.key, row.id);
    }
    const samId = userIds.get('sam');
    if (samId === undefined) throw new Error('Sam is missing');

    const shareRows = [
      {
        code: 'demo-public',
        name: 'Holiday pictures and more',
        shareType: ShareType.Public,
        status: ShareStatus.Valid,
        tree: richTree(),
      },
      {
        code: 'demo-private',
        name: 'Private collection',
        shareType: ShareType.Private,
        status: ShareStatus.Valid,
        extractCode: DEMO_EXTRACT_CODE,
        expiryTime: time + 365 * 86400,
        tree: richTree(),
      },
      {
        code: 'demo-canceled',
        name: 'Canceled share',
        shareType: ShareType.Public,
        status: ShareStatus.Canceled,
        tree: smallTree(),
      },
      {
        code: 'demo-expired',
        name: 'Expired share',
        shareType: ShareType.Public,
        status: ShareStatus.Expired,
        expiryTime: time - 86400,
        tree: smallTree(),
      },
      {
        code: 'demo-deleted',
        name: 'Deleted share',
        shareType: ShareType.Public,
        status: ShareStatus.Deleted,
        tree: smallTree(),
      },
      {
        code: 'demo-large',
        name: 'A very large folder',
        shareType: ShareType.Public,
        status: ShareStatus.Valid,
        tree: [],
      },
      {
        code: 'demo-empty',
        name: 'Nothing here yet',
        shareType: ShareType.Public,
        status: ShareStatus.Valid,
        tree: [],
      },
    ];
    for (const { tree, ...share } of shareRows) {
      const [row] = await tx
        .insert(shares)
        .values({ ...share, userId: samId })
        .returning({ id: shares.id });
      if (!row) throw new Error('share insert failed');
      await insertTree(tx, row.id, null, tree, time);
      if (share.code === 'demo-large') await insertLargeFolder(tx, row.id, time);
    }

    await tx.insert(products).values([...productRows(1), ...productRows(2)]);
    await tx.insert(communityAccounts).values([...DEMO_COMMUNITY_ACCOUNTS]);
    return true;
  });
}
