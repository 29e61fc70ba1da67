import type { SiteLanguage } from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import { Dialog, StoreQrCards } from 'ui-kit';
import { shellTexts } from '../../lib/i18n/shell-texts';
import './download-app-dialog.css';

export interface DownloadAppDialogProps {
  open: boolean;
  onClose(): void;
  config: Pick<RuntimeConfig, 'productName' | 'app'>;
  language: SiteLanguage;
  onStoreClick(store: 'android' | 'ios'): void;
}

const STORE_CLASSES = {
  list: 'nb-stores',
  card: 'nb-stores__card',
  qr: 'nb-stores__qr',
  placeholder: 'nb-stores__qr-placeholder',
  caption: 'nb-stores__label',
  link: 'nb-stores__link',
};

/** The app's stores as QR codes and links; the codes load when the dialog first opens. */
export function DownloadAppDialog({
  open,
  onClose,
  config,
  language,
  onStoreClick,
}: DownloadAppDialogProps) {
  const t = shellTexts(language);
  const android = t('androidStore');
  const ios = t('iosStore');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('downloadApp', { productName: config.productName })}
      closeLabel={t('close')}
    >
      <p className="nb-download__lead">{t('downloadLead')}</p>
      <StoreQrCards
        stores={[
          {
            store: 'android',
            url: config.app.androidStoreUrl,
            qrLabel: t('qrCodeFor', { store: android }),
            caption: android,
            linkText: t('getForAndroid'),
          },
          {
            store: 'ios',
            url: config.app.iosStoreUrl,
            qrLabel: t('qrCodeFor', { store: ios }),
            caption: ios,
            linkText: t('getForIos'),
          },
        ]}
        showCodes={open}
        qrSize={132}
        onStoreClick={onStoreClick}
        classNames={STORE_CLASSES}
      />
    </Dialog>
  );
}
