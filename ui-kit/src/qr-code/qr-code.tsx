import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { isWebUrl } from 'shared-contracts';

/** What qrcode.react's `QRCodeSVG` is given here. */
type QrCodeSvg = ComponentType<{
  value: string;
  size: number;
  level: 'M';
  marginSize: number;
  'aria-hidden': true;
}>;

/**
 * qrcode.react, loaded the first time `enabled` is true (after a render, in an effect). The codes
 * it draws then are a transition: encoding one costs ~25 ms on a slow phone, and as one urgent
 * render the status page's two codes were a single task of 75–90 ms after the app's first render
 * (docs/performance.md, "A quiet main thread after ready"); React yields between them instead.
 */
function useQrCodeSvg(enabled: boolean): QrCodeSvg | null {
  const [component, setComponent] = useState<QrCodeSvg | null>(null);
  useEffect(() => {
    if (!enabled || component) return undefined;
    let current = true;
    import('qrcode.react').then(
      (module) => current && startTransition(() => setComponent(() => module.QRCodeSVG)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enabled, component]);
  return component;
}

export interface QrCodeProps {
  /** The address the code opens: only an http(s) one gets a code. */
  url: string;
  /** The code's accessible name ('QR code for the Android store'). */
  label: string;
  size: number;
  /**
   * Whether the code shows: qrcode.react loads the first time this is true, and never for the
   * first render, so a server's render and the app's first render both show the placeholder.
   */
  show: boolean;
  className: string;
  placeholderClassName: string;
}

/** A QR code of an address, drawn once its library has loaded; a placeholder until then. */
export function QrCode({ url, label, size, show, className, placeholderClassName }: QrCodeProps) {
  const Svg = useQrCodeSvg(show);
  const placeholder = <span className={placeholderClassName} aria-hidden="true" />;
  if (!isWebUrl(url)) return <div className={className}>{placeholder}</div>;
  return (
    <div className={className} role="img" aria-label={label}>
      {Svg && show ? (
        <Svg value={url} size={size} level="M" marginSize={1} aria-hidden />
      ) : (
        placeholder
      )}
    </div>
  );
}
