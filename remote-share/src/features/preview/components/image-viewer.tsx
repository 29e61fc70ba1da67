import { useEffect, useRef, useState } from 'react';
import type { SharedItem } from 'shared-contracts';
import { useHost, useT } from '../../../lib/host-context';
import { safeMediaUrl } from '../../../lib/safe-url';
import { useLatest } from '../../../lib/use-latest';
import { previewEventContent } from '../state/preview-events';

/** The placeholder shown when the image cannot be loaded (inline: nothing more to fetch). */
export function ImageErrorFallback({ label }: { label: string }) {
  return (
    <figure className="ns-preview-image-error">
      <svg
        role="img"
        aria-label={label}
        width="120"
        height="96"
        viewBox="0 0 120 96"
        focusable="false"
      >
        <rect x="4" y="4" width="112" height="88" rx="10" fill="#1e293b" stroke="#475569" />
        <circle cx="38" cy="32" r="9" fill="#475569" />
        <path d="M12 80l28-30 18 18 16-14 34 26z" fill="#334155" />
        <circle cx="92" cy="26" r="14" fill="#ef4444" />
        <path d="M86 20l12 12M98 20L86 32" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <figcaption aria-hidden="true">{label}</figcaption>
    </figure>
  );
}

/**
 * The image inline, fitted to the screen. A failed load (or a URL that is not http(s)) shows
 * the placeholder and reports 'image error'; a loaded image reports success.
 */
export function ImageViewer({ item }: { item: SharedItem }) {
  const host = useHost();
  const t = useT();
  const url = safeMediaUrl(item.download_url);
  const [failed, setFailed] = useState(url === null);
  const reported = useRef(false);

  const report = (ok: boolean) => {
    if (reported.current) return;
    reported.current = true;
    if (ok) host.events.report('share_preview_success', previewEventContent(item));
    else {
      host.events.report('share_preview_fail', {
        ...previewEventContent(item),
        error_message: 'image error',
      });
    }
  };

  const reportRef = useLatest(report);
  useEffect(() => {
    if (url === null) reportRef.current(false);
  }, [url, reportRef]);

  if (failed || url === null) {
    return (
      <div className="ns-preview-image">
        <ImageErrorFallback label={t('imageError')} />
      </div>
    );
  }
  return (
    <div className="ns-preview-image">
      <img
        className="ns-preview-image__img"
        src={url}
        alt={item.name}
        decoding="async"
        onLoad={() => report(true)}
        onError={() => {
          setFailed(true);
          report(false);
        }}
      />
    </div>
  );
}
