import { MediaType, type SharedItem, type Translate } from 'shared-contracts';
import type { TextKey } from '../../../lib/texts';

/** What a row's icon (and its description for a screen reader) says a file is. */
export type FileKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'archive'
  | 'document'
  | 'spreadsheet'
  | 'text'
  | 'package'
  | 'file';

/** Extensions of the kinds the media type does not tell apart (it is "unknown" for them). */
const KIND_OF_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
  tgz: 'archive',
  doc: 'document',
  docx: 'document',
  odt: 'document',
  rtf: 'document',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  csv: 'spreadsheet',
  ods: 'spreadsheet',
  txt: 'text',
  md: 'text',
  log: 'text',
  apk: 'package',
  ipa: 'package',
  exe: 'package',
  dmg: 'package',
};

/** The extension of a file name, lower case, or '' (a leading dot alone is a hidden file). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The kind of a file: the server's media type for images, videos and audio (what previews),
 * else its name's extension; anything else is a file.
 */
export function fileKindOf(file: { name: string; media_type: number }): FileKind {
  if (file.media_type === MediaType.Image) return 'image';
  if (file.media_type === MediaType.Video) return 'video';
  if (file.media_type === MediaType.Audio) return 'audio';
  return KIND_OF_EXTENSION[extensionOf(file.name)] ?? 'file';
}

/** What an item is, in words: said before a row's details (its icon shows it) and in its details. */
export function kindTextOf(item: SharedItem, t: Translate<TextKey>): string {
  if (item.is_folder === 1) return t('kindFolder');
  switch (fileKindOf(item)) {
    case 'image':
      return t('kindImage');
    case 'video':
      return t('kindVideo');
    case 'audio':
      return t('kindAudio');
    case 'pdf':
      return t('kindPdf');
    case 'archive':
      return t('kindArchive');
    case 'document':
      return t('kindDocument');
    case 'spreadsheet':
      return t('kindSpreadsheet');
    case 'text':
      return t('kindText');
    case 'package':
      return t('kindAppPackage');
    case 'file':
      return t('kindFile');
  }
}
