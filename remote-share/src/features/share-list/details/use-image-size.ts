import { useEffect, useState } from 'react';
import { MediaType, type SharedItem } from 'shared-contracts';
import { safeMediaUrl } from '../../../lib/safe-url';
import type { PixelSize } from './item-details';

/**
 * An image's size in pixels, read from the image itself (the list does not carry it): the same
 * address the preview loads, so the browser's cache serves one for the other. Null until it is
 * known, and for anything else, a failed load or an address that is not http(s).
 */
export function useImageSize(item: SharedItem | null): PixelSize | null {
  const url =
    item && item.is_folder !== 1 && item.media_type === MediaType.Image
      ? safeMediaUrl(item.download_url)
      : null;
  const [measured, setMeasured] = useState<{ url: string; size: PixelSize } | null>(null);
  useEffect(() => {
    if (url === null || typeof Image === 'undefined') return undefined;
    const image = new Image();
    let current = true;
    image.decoding = 'async';
    image.onload = () => {
      if (current && image.naturalWidth > 0 && image.naturalHeight > 0) {
        setMeasured({ url, size: { width: image.naturalWidth, height: image.naturalHeight } });
      }
    };
    image.src = url;
    return () => {
      current = false;
      image.onload = null;
    };
  }, [url]);
  return measured && measured.url === url ? measured.size : null;
}
