import { MediaType, ShareStatus, ShareType } from 'shared-contracts';

/**
 * Media types outside the product's 0..3 are "unknown" to the API: the viewer tells a PDF or a text
 * file by its name, as it would any sharer's file.
 */
export const DocumentMediaType = { Pdf: 4, Archive: 5, Text: 6 } as const;

/** The demo's text file (seed version 3: it was a second copy of the guide, 'notes.pdf'). */
export const DEMO_TEXT_FILE = { name: 'notes.txt', mediaPath: 'docs/notes.txt' } as const;

export const DEMO_SHARE_CODES = [
  'demo-public',
  'demo-private',
  'demo-canceled',
  'demo-expired',
  'demo-deleted',
  'demo-large',
  'demo-empty',
  'demo-world',
] as const;
export const DEMO_EXTRACT_CODE = 'ab12';
export const LARGE_SHARE_FILE_COUNT = 10_000;

export interface MediaFile {
  name: string;
  mediaType: number;
  mediaPath: string;
  thumbPath?: string;
  isM3u8?: boolean;
  duration?: number;
}

export interface FolderNode {
  name: string;
  children: TreeNode[];
}
export type TreeNode = MediaFile | FolderNode;

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
      children: [{ ...DEMO_TEXT_FILE, mediaType: DocumentMediaType.Text }],
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

/**
 * demo-world (issue 48): names in many scripts, for the pages and link cards of visitors of every
 * language. Right-to-left (Arabic, Hebrew) with a Latin name inside an Arabic folder, Chinese
 * (simplified and traditional), Japanese, Korean, Hindi (conjuncts, vowel signs, a nukta), Thai
 * (marks above and below) and emoji (a family, a flag); a folder two levels deep.
 */
function worldTree(): TreeNode[] {
  return [
    {
      name: 'صور العائلة',
      children: [
        { name: 'Paris 2025', children: [photo('برج إيفل.jpg', 1), photo('Louvre.jpg', 2)] },
        photo('بيروت.jpg', 3),
      ],
    },
    { name: '北京旅行', children: [photo('长城.jpg', 4)] },
    { name: '臺灣相簿', children: [photo('九份老街.jpg', 1)] },
    { name: 'दिल्ली', children: [photo('लाल क़िला.jpg', 2)] },
    photo('ים המלח.jpg', 3),
    photo('東京の桜.jpg', 4),
    photo('서울 야경.jpg', 1),
    photo('ทะเลภูเก็ต.jpg', 2),
    photo('🎉 Party 👨‍👩‍👧‍👦 🇫🇷.jpg', 3),
  ];
}

/** demo-world: a public, permanent share of DEMO_WORLD_SHARER's (seed version 2). */
export function demoWorldShare() {
  return {
    code: 'demo-world',
    name: 'حول العالم',
    shareType: ShareType.Public,
    status: ShareStatus.Valid,
    tree: worldTree(),
  };
}

/** The demo shares of Sam, with the tree of each (demo-large's folder is added apart). */
export function demoShares(time: number) {
  return [
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
}
