import type { SiteLanguage } from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import { useId } from 'react';
import { Dialog, QrCode, StoreQrCards } from 'ui-kit';
import { shellTexts } from '../../lib/i18n/shell-texts';
import './download-app-dialog.css';

export interface DownloadAppDialogProps {
  open: boolean;
  onClose(): void;
  config: Pick<RuntimeConfig, 'productName' | 'app'>;
  language: SiteLanguage;
  onStoreClick(store: 'android' | 'ios'): void;
  /** The share page to go on with on a phone (`shareAddressOf`); null off a share page. */
  shareAddress: string | null;
}

const STORE_CLASSES = {
  list: 'nb-stores',
  card: 'nb-stores__card',
  qr: 'nb-stores__qr',
  placeholder: 'nb-stores__qr-placeholder',
  caption: 'nb-stores__label',
  link: 'nb-stores__link',
};

/**
 * The app's stores as QR codes and links, and on a share page a code that opens this share on a
 * phone; the codes load when the dialog first opens.
 */
export function DownloadAppDialog({
  open,
  onClose,
  config,
  language,
  onStoreClick,
  shareAddress,
}: DownloadAppDialogProps) {
  const t = shellTexts(language);
  const shareTitleId = useId();
  const android = t('androidStore');
  const ios = t('iosStore');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('downloadApp', { productName: config.productName })}
      closeLabel={t('close')}
    >
      {shareAddress ? (
        <section className="nb-download__share" aria-labelledby={shareTitleId}>
          <QrCode
            url={shareAddress}
            label={t('qrCodeForShare')}
            size={132}
            show={open}
            className="nb-stores__qr"
            placeholderClassName="nb-stores__qr-placeholder"
          />
          <div className="nb-download__share-text">
            <h3 className="nb-download__share-title" id={shareTitleId}>
              {t('continueOnPhone')}
            </h3>
            <p className="nb-download__share-lead">{t('continueOnPhoneLead')}</p>
          </div>
        </section>
      ) : null}
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
