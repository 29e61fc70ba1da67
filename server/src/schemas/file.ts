import { FOLDER_NAME_MAX } from 'shared-contracts';
import { body, pageRequest } from './common';

const folderId = { type: 'integer', minimum: -1, maximum: 2147483647 } as const;

export const folderListSchema = {
  body: body({
    parent_id: folderId,
    page: pageRequest(100),
  }),
} as const;

export const folderCreateSchema = {
  body: body({
    // Checked by validateFolderName after trimming (its messages are the UI's).
    folder_name: { type: 'string', maxLength: FOLDER_NAME_MAX * 4 },
    parent_id: folderId,
  }),
} as const;
