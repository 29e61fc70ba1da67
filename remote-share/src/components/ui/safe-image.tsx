import { useState } from 'react';
import { safeMediaUrl } from '../../lib/safe-url';

/** An image from data: rendered only for an http(s) url, and hidden after a load error. */
export function SafeImage({
  src,
  alt,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const url = safeMediaUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) return null;
  return (
    <img
      className={className}
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedUrl(url)}
    />
  );
}
