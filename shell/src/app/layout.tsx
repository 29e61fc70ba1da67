import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { HostServices } from 'shared-contracts';
import { shellTexts } from '../lib/i18n/shell-texts';
import { pageShareOf } from '../lib/page/page-share';
import type { AccountChipProps } from '../features/account/account-chip';
import { AccountSlot } from '../features/account/account-slot';
import { LanguageMenu } from '../features/language-menu/language-menu';
import { switchPageLanguage } from '../features/language-menu/switch-page-language';
// ui-kit's palette, focus style and screen-reader-only class: the shell brings them itself.
import 'ui-kit/src/theme/tokens.css';
import './layout.css';

export function Logo({ productName, label }: { productName: string; label: string }) {
  return (
    <Link className="nb-topbar__brand" to="/" aria-label={label}>
      <svg
        className="nb-topbar__logo"
        viewBox="0 0 32 32"
        width="30"
        height="30"
        aria-hidden="true"
      >
        <defs>
          <linearGradient id="nb-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#4f9dff" />
            <stop offset="1" stopColor="#1f6feb" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#nb-logo-gradient)" />
        <path
          fill="#fff"
          d="M10.5 22.5a4.5 4.5 0 0 1-.6-9 6 6 0 0 1 11.5-1.3 4.7 4.7 0 0 1 .9 9.3l-.4.05H10.5z"
        />
      </svg>
      <span className="nb-topbar__name">{productName}</span>
    </Link>
  );
}

/** What the page frame uses of the host services (the server renders it with no more). */
export type FrameHost = Pick<
  HostServices,
  'config' | 'platform' | 'deepLink' | 'downloadDialog' | 'language'
>;

/**
 * Top navigation bar: logo with the product name, who is signed in (`account`: the browser's
 * session; the server paints an anonymous page), the language menu and 'Open App'.
 */
export function TopBar({ host, account }: { host: FrameHost; account?: AccountChipProps['host'] }) {
  const openAppButton = useRef<HTMLButtonElement>(null);
  const { platform } = useSnapshot(host.platform);
  const t = shellTexts(host.language);
  const { productName } = host.config;
  const openApp = () => {
    if (platform === 'other') {
      host.downloadDialog.open();
      return;
    }
    // On a share page the app opens that share (and folder) too.
    const share = pageShareOf(window.location);
    host.deepLink.open(share ? { path: 'default', share } : { path: 'default' });
  };
  return (
    <header className="nb-topbar">
      <nav className="nb-topbar__inner" aria-label={t('mainNavigation')}>
        <Logo productName={productName} label={t('home', { productName })} />
        <div className="nb-topbar__actions">
          {account ? (
            <AccountSlot host={account} onLoggedOut={() => openAppButton.current?.focus()} />
          ) : null}
          <LanguageMenu
            language={host.language}
            label={t('language')}
            onChoose={(language) => switchPageLanguage(language)}
          />
          <button ref={openAppButton} type="button" className="nb-topbar__open" onClick={openApp}>
            {t('openApp')}
          </button>
        </div>
      </nav>
    </header>
  );
}

export function Footer({ host }: { host: FrameHost }) {
  const t = shellTexts(host.language);
  return (
    <footer className="nb-footer">
      <p>{t('copyright', { productName: host.config.productName })}</p>
    </footer>
  );
}

/** The page frame of the share pages: top bar, content, footer. */
export function Layout({
  host,
  account,
  children,
}: {
  host: FrameHost;
  /** The browser's session, for the account chip; none in the server's render. */
  account?: AccountChipProps['host'];
  children: ReactNode;
}) {
  return (
    <div className="nb-layout">
      <TopBar host={host} account={account} />
      <main className="nb-layout__main">{children}</main>
      <Footer host={host} />
    </div>
  );
}
