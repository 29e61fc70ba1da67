import type { SharedItem } from 'shared-contracts';
import {
  decodeTextPreview,
  readFirstBytes,
  TEXT_PREVIEW_BYTES,
  TEXT_PREVIEW_TIMEOUT_MS,
  type TextPreview,
} from '../state/text-preview';
import { useFileLoad } from './use-file-load';

/**
 * Downloads the first megabyte of a text file (a Range request, and the reading stops there
 * whatever the server sends) and decodes it; an error after `TEXT_PREVIEW_TIMEOUT_MS`.
 */
export function useTextFile(item: Pick<SharedItem, 'download_url' | 'total_size'>) {
  const read = async (url: string, signal: AbortSignal): Promise<TextPreview> => {
    const response = await fetch(url, {
      headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES}` },
      signal,
      credentials: 'same-origin',
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return decodeTextPreview(await readFirstBytes(response, TEXT_PREVIEW_BYTES), item.total_size);
  };
  return useFileLoad(item.download_url, read, TEXT_PREVIEW_TIMEOUT_MS);
}
