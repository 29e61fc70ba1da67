import { MediaType, type SharedItem, type SiteLanguage, type Translate } from 'shared-contracts';
import { formatDate, formatDuration, formatFileSize } from '../../../lib/format';
import type { TextKey } from '../../../lib/texts';
import { kindTextOf } from '../components/file-type';

/** An image's size in pixels, once known (the details measure it: the list does not carry it). */
export interface PixelSize {
  width: number;
  height: number;
}

/** One line of an item's details: what it is, and its value. */
export interface DetailLine {
  label: string;
  value: string;
}

/**
 * What the details panel says of an item, in order: its type, size (files), duration (video and
 * audio), dimensions (images, once measured), modified time. Lines with nothing to say are left
 * out rather than shown empty.
 */
export function detailLines(
  item: SharedItem,
  language: SiteLanguage,
  t: Translate<TextKey>,
  pixels: PixelSize | null,
): DetailLine[] {
  const isFolder = item.is_folder === 1;
  const lines: DetailLine[] = [{ label: t('detailType'), value: kindTextOf(item, t) }];
  if (!isFolder) {
    lines.push({ label: t('detailSize'), value: formatFileSize(item.total_size, language, t) });
  }
  const timed = item.media_type === MediaType.Video || item.media_type === MediaType.Audio;
  if (!isFolder && timed && item.duration > 0) {
    lines.push({ label: t('detailDuration'), value: formatDuration(item.duration) });
  }
  if (!isFolder && item.media_type === MediaType.Image && pixels) {
    const number = new Intl.NumberFormat(language);
    lines.push({
      label: t('detailDimensions'),
      value: t('detailDimensionsValue', {
        width: number.format(pixels.width),
        height: number.format(pixels.height),
      }),
    });
  }
  const modified = formatDate(item.update_time || item.create_time, language);
  if (modified) lines.push({ label: t('detailModified'), value: modified });
  return lines;
}
