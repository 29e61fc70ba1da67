import type { SharedItem } from 'shared-contracts';
import { MediaType, PREVIEW_LIMIT_SECONDS } from 'shared-contracts';
import { PREVIEW_PLAYLIST, signedMediaUrl, signedThumbUrl } from '../lib/media-urls';
import type { ThumbSize } from '../lib/thumbnails';
import type { ShareItemRow } from '../plugins/app/shares';

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
  /** The file the server makes the item's grid thumbnails of (thumbSourceOf). */
  thumbSource: string | null;
}

export function itemMediaOf(row: ShareItemRow): ItemMedia {
  const files = new Set<string>();
  if (row.thumbPath) files.add(row.thumbPath);
  const download = downloadPathOf(row);
  if (download) files.add(download);
  return {
    files,
    hlsFolder: row.isM3u8 && row.mediaPath ? row.mediaPath : null,
    thumbSource: thumbSourceOf(row),
  };
}

/**
 * What a grid thumbnail is made of: an image's own file (its pre-made thumbnail when it has no
 * file of its own), a video's poster; nothing for any other item.
 */
export function thumbSourceOf(row: ShareItemRow): string | null {
  if (row.isFolder) return null;
  if (row.mediaType === MediaType.Image) return row.mediaPath || row.thumbPath || null;
  if (row.mediaType === MediaType.Video) return row.thumbPath || null;
  return null;
}

/** An item as a listing shows it, its media links signed for this item alone. */
export function sharedItemOf(row: ShareItemRow, origin: string, mediaKey: Buffer): SharedItem {
  const sign = (file: string) => `${origin}${signedMediaUrl(mediaKey, row.shareId, row.id, file)}`;
  const download = downloadPathOf(row);
  const item = { shareId: row.shareId, itemId: row.id, version: row.updateTime };
  const thumb = (size: ThumbSize) => `${origin}${signedThumbUrl(mediaKey, item, size)}`;
  const hasThumb = thumbSourceOf(row) !== null;
  return {
    id: row.id,
    name: row.name,
    thumb_url: row.thumbPath ? sign(row.thumbPath) : '',
    grid_thumb_url: hasThumb ? thumb(256) : '',
    grid_thumb_url_2x: hasThumb ? thumb(512) : '',
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
