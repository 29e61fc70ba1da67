import { StoreQrCards, type StoreCard } from 'ui-kit';
import { useHost, useIsPc, useT } from '../../lib/host-context';
import { useScreenTitle } from '../../lib/page-title';
import './status-view.css';

export type StatusViewKind = 'not-found' | 'canceled' | 'expired' | 'deleted';

const TITLE_KEYS = {
  'not-found': 'notFoundTitle',
  canceled: 'canceledTitle',
  expired: 'expiredTitle',
  deleted: 'deletedTitle',
} as const;

/** The document's title of each view, before the product's name: short, unlike the headings. */
export const PAGE_TITLE_KEYS = {
  'not-found': 'notFoundPageTitle',
  canceled: 'canceledPageTitle',
  expired: 'expiredPageTitle',
  deleted: 'deletedPageTitle',
} as const;

const STORE_CLASSES = {
  list: 'ns-status__qr-list',
  card: 'ns-status__qr-card',
  qr: 'ns-status__qr',
  placeholder: 'ns-status__qr-placeholder',
  link: 'ns-status__store',
  hint: 'ns-status__hint',
};

/** The status/error view: not found, or a share that is canceled, expired or deleted. */
export function StatusView({ kind }: { kind: StatusViewKind }) {
  const host = useHost();
  const t = useT();
  const isPc = useIsPc();
  const productName = host.config.productName;
  useScreenTitle(t(PAGE_TITLE_KEYS[kind]));
  const download = () => {
    if (isPc) host.downloadDialog.open();
    else host.deepLink.open({ path: 'default' });
  };

  const android = t('androidStore');
  const ios = t('iosStore');
  const stores: StoreCard[] = [
    {
      store: 'android',
      url: host.config.app.androidStoreUrl,
      qrLabel: t('qrCodeOf', { store: android }),
      linkText: android,
    },
    {
      store: 'ios',
      url: host.config.app.iosStoreUrl,
      qrLabel: t('qrCodeOf', { store: ios }),
      linkText: ios,
    },
  ];

  return (
    <section className="ns-status" aria-labelledby="ns-status-title">
      <div className="ns-status__art" aria-hidden="true">
        {kind === 'not-found' ? '404' : '!'}
      </div>
      <h1 className="ns-status__title" id="ns-status-title">
        {t(TITLE_KEYS[kind])}
      </h1>
      {kind !== 'not-found' ? (
        <button type="button" className="ns-button ns-button--primary" onClick={download}>
          {t('downloadApp', { productName })}
        </button>
      ) : null}
      {/* The QR codes come after the first render, in the browser: the server's render of this
          view (first-screen/render-share-screen.tsx) and the app's first render, which takes it
          over, both show the placeholders. */}
      <StoreQrCards
        stores={stores}
        showCodes
        qrSize={112}
        hint={t('scanToDownload')}
        onStoreClick={(store) => host.events.report('store_click', { store })}
        classNames={STORE_CLASSES}
      />
    </section>
  );
}
