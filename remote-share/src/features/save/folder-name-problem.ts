import {
  FOLDER_NAME_CHARS_MESSAGE,
  FOLDER_NAME_EMPTY_MESSAGE,
  FOLDER_NAME_MAX,
  FOLDER_NAME_TOO_LONG_MESSAGE,
  type Translate,
} from 'shared-contracts';
import type { TextKey } from '../../lib/texts';

/**
 * What `validateFolderName` refused a name for, in the page's language: its messages are the
 * rules' English, which the server answers with too.
 */
export function folderNameProblemIn(message: string, t: Translate<TextKey>): string {
  if (message === FOLDER_NAME_EMPTY_MESSAGE) return t('folderNameEmpty');
  if (message === FOLDER_NAME_TOO_LONG_MESSAGE) {
    return t('folderNameTooLong', { max: FOLDER_NAME_MAX });
  }
  if (message === FOLDER_NAME_CHARS_MESSAGE) return t('folderNameForbiddenCharacters');
  return message;
}
