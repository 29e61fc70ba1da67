import type { Translate } from 'shared-contracts';
import { StoreQrCards, type StoreCard } from 'ui-kit';
import { useHost, useIsPc, useTexts } from '../../lib/host-context';
import { useScreenTitle } from '../../lib/page-title';
import type { TextKey } from '../../lib/texts';
import './status-view.css';

export type StatusViewKind = 'not-found' | 'canceled' | 'expired' | 'deleted';

/** Each view's heading. */
function headingOf(kind: StatusViewKind, t: Translate<TextKey>): string {
  switch (kind) {
    case 'not-found':
      return t('notFoundTitle');
    case 'canceled':
      return t('canceledTitle');
    case 'expired':
      return t('expiredTitle');
    case 'deleted':
      return t('deletedTitle');
  }
}

/** The document's title of each view, before the product's name: short, unlike the headings. */
export function pageTitleOf(kind: StatusViewKind, t: Translate<TextKey>): string {
  switch (kind) {
    case 'not-found':
      return t('notFoundPageTitle');
    case 'canceled':
      return t('canceledPageTitle');
    case 'expired':
      return t('expiredPageTitle');
    case 'deleted':
      return t('deletedPageTitle');
  }
}

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
  const t = useTexts();
  const isPc = useIsPc();
  const productName = host.config.productName;
  useScreenTitle(pageTitleOf(kind, t));
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
        {headingOf(kind, t)}
      </h1>
      {kind !== 'not-found' ? (
        <button
          type="button"
          className="ns-button ns-button--primary ns-status__download"
          onClick={download}
        >
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
      {/* Not a dead end: the home page opens any other share link. A plain link, so it works on
          the page the server painted before the app runs. */}
      <a className="ns-status__home" href="/">
        {t('openAnotherLink')}
      </a>
    </section>
  );
}
