import { useEffect, useState, type ComponentType } from 'react';
import type { Language, RuntimeConfig } from 'shared-contracts';
import { Dialog } from 'ui-kit';
import { isWebUrl } from '../../services/deep-links/deep-links';
import { shellTranslator } from '../../lib/i18n/shell-texts';
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
  language: Language;
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
  language,
  onStoreClick,
  enabled = true,
}: Pick<DownloadAppDialogProps, 'config' | 'language' | 'onStoreClick'> & { enabled?: boolean }) {
  const Qr = useQrComponent(enabled);
  const t = shellTranslator(language);
  const stores = [
    {
      key: 'android' as const,
      label: t('androidStore'),
      link: t('getForAndroid'),
      url: config.app.androidStoreUrl,
    },
    {
      key: 'ios' as const,
      label: t('iosStore'),
      link: t('getForIos'),
      url: config.app.iosStoreUrl,
    },
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
                  aria-label={t('qrCodeFor', { store: store.label })}
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
                {store.link}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function DownloadAppDialog({
  open,
  onClose,
  config,
  language,
  onStoreClick,
}: DownloadAppDialogProps) {
  const t = shellTranslator(language);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('downloadApp', { productName: config.productName })}
    >
      <p className="nb-download__lead">{t('downloadLead')}</p>
      <StoreQrCards
        config={config}
        language={language}
        onStoreClick={onStoreClick}
        enabled={open}
      />
    </Dialog>
  );
}
