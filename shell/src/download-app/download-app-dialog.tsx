import { useEffect, useState, type ComponentType } from 'react';
import type { RuntimeConfig } from 'shared-contracts';
import { Dialog } from 'ui-kit';
import { isWebUrl } from '../deep-links/deep-links';
import './download-app-dialog.css';

type QrComponent = ComponentType<{
  value: string;
  size?: number;
  level?: 'L' | 'M' | 'Q' | 'H';
  marginSize?: number;
  role?: string;
  'aria-label'?: string;
}>;

export interface DownloadAppDialogProps {
  open: boolean;
  onClose(): void;
  config: Pick<RuntimeConfig, 'productName' | 'app'>;
  onStoreClick(store: 'android' | 'ios'): void;
}

/** Loads qrcode.react only when a download dialog first opens. */
export function useQrComponent(enabled: boolean): QrComponent | null {
  const [component, setComponent] = useState<QrComponent | null>(null);
  useEffect(() => {
    if (!enabled || component) return undefined;
    let current = true;
    import('qrcode.react').then(
      (module) => current && setComponent(() => module.QRCodeSVG as QrComponent),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [enabled, component]);
  return component;
}

/** Two QR codes with the store links: Android store and iOS store. */
export function StoreQrCards({
  config,
  onStoreClick,
  enabled = true,
}: Pick<DownloadAppDialogProps, 'config' | 'onStoreClick'> & { enabled?: boolean }) {
  const Qr = useQrComponent(enabled);
  const stores = [
    { key: 'android' as const, label: 'Android store', url: config.app.androidStoreUrl },
    { key: 'ios' as const, label: 'iOS store', url: config.app.iosStoreUrl },
  ];
  return (
    <ul className="nb-stores">
      {stores.map((store) => {
        const safe = isWebUrl(store.url);
        return (
          <li key={store.key} className="nb-stores__card">
            <div className="nb-stores__qr">
              {Qr && safe ? (
                <Qr
                  value={store.url}
                  size={132}
                  level="M"
                  marginSize={0}
                  role="img"
                  aria-label={`QR code for the ${store.label}`}
                />
              ) : (
                <span className="nb-stores__qr-placeholder" aria-hidden="true" />
              )}
            </div>
            <span className="nb-stores__label">{store.label}</span>
            {safe && (
              <a
                className="nb-stores__link"
                href={store.url}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => onStoreClick(store.key)}
              >
                {store.key === 'android' ? 'Get it for Android' : 'Get it for iOS'}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function DownloadAppDialog({ open, onClose, config, onStoreClick }: DownloadAppDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={`Download ${config.productName} App`}>
      <p className="nb-download__lead">Scan a code with your phone to get the app.</p>
      <StoreQrCards config={config} onStoreClick={onStoreClick} enabled={open} />
    </Dialog>
  );
}
