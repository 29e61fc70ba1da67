import { lazy, Suspense, useEffect, useState } from 'react';
import { useHost, useIsPc, useT } from '../../lib/host-context';
import { useScreenTitle } from '../../lib/page-title';
import './status-view.css';

export type StatusViewKind = 'not-found' | 'canceled' | 'expired' | 'deleted';

/** qrcode.react is loaded only when a status view shows its QR cards. */
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

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

/** The status/error view: not found, or a share that is canceled, expired or deleted. */
export function StatusView({ kind }: { kind: StatusViewKind }) {
  const host = useHost();
  const t = useT();
  const isPc = useIsPc();
  const productName = host.config.productName;
  useScreenTitle(t(PAGE_TITLE_KEYS[kind]));
  // The QR codes come after the first render, in the browser: the server's render of this view
  // (first-screen/render-share-screen.tsx) and the app's first render, which takes it over, both
  // show the placeholders, whether or not a render before loaded qrcode.react.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = <span className="ns-status__qr-placeholder" />;

  const download = () => {
    if (isPc) host.downloadDialog.open();
    else host.deepLink.open({ path: 'default' });
  };

  const stores = [
    { key: 'android', label: t('androidStore'), url: host.config.app.androidStoreUrl },
    { key: 'ios', label: t('iosStore'), url: host.config.app.iosStoreUrl },
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
      <ul className="ns-status__qr-list">
        {stores.map((store) => (
          <li key={store.key} className="ns-status__qr-card">
            <div
              className="ns-status__qr"
              role="img"
              aria-label={t('qrCodeOf', { store: store.label })}
            >
              {mounted ? (
                <Suspense fallback={placeholder}>
                  <QRCodeSVG value={store.url} size={112} marginSize={1} aria-hidden="true" />
                </Suspense>
              ) : (
                placeholder
              )}
            </div>
            <a
              className="ns-status__store"
              href={store.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => host.events.report('store_click', { store: store.key })}
            >
              {store.label}
            </a>
            <span className="ns-status__hint">{t('scanToDownload')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
