import type { SharedItem, Translate } from 'shared-contracts';
import { fileKindOf } from '../../../lib/file-kind';
import type { TextKey } from '../../../lib/texts';

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
