import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import {
  isWebUrl,
  type IdentityProviderName,
  type PlatformState,
  type SiteLanguage,
} from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import { Dialog } from 'ui-kit';
import { shellTexts } from '../../lib/i18n/shell-texts';
import type { LoginController } from './login-controller';
import './login-sheet.css';

export interface LoginSheetProps {
  controller: LoginController;
  platform: PlatformState;
  /** The page's language: the sheet's texts, and its `lang` for screen readers. */
  language: SiteLanguage;
  links: RuntimeConfig['links'];
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.2a5.3 5.3 0 0 1-2.3 3.5v2.9h3.7c2.2-2 3.4-5 3.4-8.5z"
      />
      <path
        fill="#34A853"
        d="M12 23.5c3.1 0 5.7-1 7.6-2.8l-3.7-2.9c-1 .7-2.3 1.1-3.9 1.1-3 0-5.5-2-6.4-4.7H1.8v3A11.5 11.5 0 0 0 12 23.5z"
      />
      <path fill="#FBBC05" d="M5.6 14.2a6.9 6.9 0 0 1 0-4.4v-3H1.8a11.5 11.5 0 0 0 0 10.4l3.8-3z" />
      <path
        fill="#EA4335"
        d="M12 5c1.7 0 3.2.6 4.4 1.7l3.3-3.3A11.5 11.5 0 0 0 1.8 6.8l3.8 3C6.5 7 9 5 12 5z"
      />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="currentColor"
        d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9A5 5 0 0 0 3.4 9.3c-1.8 3.1-.5 7.8 1.3 10.3.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.3 3.1-2.5 1-1.4 1.4-2.8 1.4-2.9-.1 0-2.7-1-2.7-4.2zM13.9 5c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.2.1 2.3-.6 3.1-1.5z"
      />
    </svg>
  );
}

/** The login bottom sheet (a global overlay): Google, Apple ID (not on Android) and the terms. */
export function LoginSheet({ controller, platform, language, links }: LoginSheetProps) {
  const login = useSnapshot(controller.state);
  const { platform: current } = useSnapshot(platform);
  const t = shellTexts(language);
  const providers: { name: IdentityProviderName; label: string; mark: ReactNode }[] = [
    { name: 'Google', label: t('loginWithGoogle'), mark: <GoogleMark /> },
    ...(current === 'android'
      ? []
      : [{ name: 'AppleID' as const, label: t('loginWithApple'), mark: <AppleMark /> }]),
  ];
  const link = (url: string, label: string) =>
    isWebUrl(url) ? (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    ) : (
      <span>{label}</span>
    );

  return (
    <Dialog
      open={login.open}
      variant="sheet"
      title={t('loginWelcome')}
      closeLabel={t('close')}
      onClose={() => controller.service.close()}
      className="nb-login"
      lang={language}
    >
      <div className="nb-login__providers">
        {providers.map((provider) => (
          <button
            key={provider.name}
            type="button"
            className={`nb-login__provider nb-login__provider--${provider.name}`}
            disabled={login.pending !== null}
            aria-busy={login.pending === provider.name || undefined}
            onClick={() => void controller.choose(provider.name)}
          >
            {provider.mark}
            <span>{provider.label}</span>
          </button>
        ))}
      </div>
      <p className="nb-login__terms">
        {t('loginAgreePrefix')}
        {link(links.userAgreement, t('userAgreement'))}
        {t('loginAgreeAnd')}
        {link(links.privacyPolicy, t('privacyPolicy'))}
        {t('loginAgreeSuffix')}
      </p>
    </Dialog>
  );
}
