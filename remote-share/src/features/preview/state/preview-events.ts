import { MediaType, type EventContent, type SharedItem } from 'shared-contracts';
import { extensionOf, fileKindOf } from '../../../lib/file-kind';

/** The viewers of the preview screen. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text';

/**
 * Which viewer shows a file: images, videos and audio by the server's media type, PDFs and text
 * or code (CSV included) by the name's extension; null for anything else ('does not support
 * preview').
 */
export function previewKindOf(item: Pick<SharedItem, 'name' | 'media_type' | 'is_folder'>) {
  if (item.is_folder === 1 || item.media_type === MediaType.Folder) return null;
  // A CSV is a spreadsheet to its icon, and readable as text.
  const kind = extensionOf(item.name) === 'csv' ? 'text' : fileKindOf(item);
  return kind === 'image' ||
    kind === 'video' ||
    kind === 'audio' ||
    kind === 'pdf' ||
    kind === 'text'
    ? (kind satisfies PreviewKind)
    : null;
}

/** True when a file opens in the preview; other files get 'does not support preview'. */
export function isPreviewable(item: Pick<SharedItem, 'name' | 'media_type' | 'is_folder'>) {
  return previewKindOf(item) !== null;
}

/** What every preview event carries about the file. */
export function previewEventContent(item: Pick<SharedItem, 'id' | 'media_type'>): EventContent {
  return { file_id: item.id, media_type: item.media_type };
}
