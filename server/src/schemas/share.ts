import { REPORT_MAX, SHARE_LIST_PAGE_MAX } from 'shared-contracts';
import { body, extractCode, id, pageRequest } from './common';

export const shareInfoSchema = {
  body: body({ share_url: { type: 'string', minLength: 1, maxLength: 2048 } }),
} as const;

/** The code of the share's link: calls by share id need it too (an id alone opens nothing). */
const shareCode = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
} as const;

export const shareDetailSchema = {
  body: body(
    {
      share_id: id,
      share_code: shareCode,
      extract_code: extractCode,
      // 0 reads as the share's root, like an absent folder_id.
      folder_id: { type: 'integer', minimum: 0, maximum: 2147483647 },
      // Optional: without it the first SHARE_LIST_PAGE_DEFAULT items are listed.
      page: pageRequest(SHARE_LIST_PAGE_MAX),
    },
    ['share_id', 'share_code', 'extract_code'],
  ),
} as const;

export const saveFileSchema = {
  body: body({
    share_id: id,
    share_code: shareCode,
    extract_code: extractCode,
    // -1 is the From Share folder, 0 the root.
    folder_id: { type: 'integer', minimum: -1, maximum: 2147483647 },
    file_ids: { type: 'array', minItems: 1, maxItems: 10_000, items: id },
  }),
} as const;

export const shareReportSchema = {
  body: body({
    share_code: shareCode,
    // Trimmed on the server; the 1..300 rule applies to the trimmed text.
    content: { type: 'string', minLength: 1, maxLength: REPORT_MAX * 2 },
  }),
} as const;
