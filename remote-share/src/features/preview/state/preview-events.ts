import { MediaType, type EventContent, type SharedItem } from 'shared-contracts';

/** Only images, videos and audio have a preview; other files get 'does not support preview'. */
export function isPreviewable(item: Pick<SharedItem, 'media_type' | 'is_folder'>): boolean {
  if (item.is_folder === 1) return false;
  return (
    item.media_type === MediaType.Image ||
    item.media_type === MediaType.Video ||
    item.media_type === MediaType.Audio
  );
}

/** What every preview event carries about the file. */
export function previewEventContent(item: Pick<SharedItem, 'id' | 'media_type'>): EventContent {
  return { file_id: item.id, media_type: item.media_type };
}
