import { useEffect, useId, useState } from 'react';
import type { HostServices, InviteLanguage, Translate } from 'shared-contracts';
import { SpinnerRing } from 'ui-kit';
import { htmlLang, resolveInviteLanguage } from '../language';
import { translatorFor, type TextKey } from '../texts';
import type { MessageKey } from '../flow';
import backgroundEn from '../assets/background-en.svg';
import backgroundZh from '../assets/background-zh.svg';
import backgroundZhChs from '../assets/background-zhCHS.svg';
import step1 from '../assets/step-1.svg';
import step2 from '../assets/step-2.svg';
import step3 from '../assets/step-3.svg';
import type { InviteBrowser } from '../hooks/invite-browser';
import { useInviteFlow } from '../hooks/use-invite-flow';
import './invite.css';

const BACKGROUNDS: Record<InviteLanguage, string> = {
  en: backgroundEn,
  zh: backgroundZh,
  zhCHS: backgroundZhChs,
};

/** The three steps of "How to claim", each with its illustration. */
function stepsOf(t: Translate<TextKey>, product: string) {
  return [
    { id: 'step1', image: step1, text: t('step1', { product }) },
    { id: 'step2', image: step2, text: t('step2', { product }) },
    { id: 'step3', image: step3, text: t('step3', { product }) },
  ];
}

/** The text of a message of the flow (each id a call of its own: the catalogs are found by them). */
function messageText(t: Translate<TextKey>, message: MessageKey): string {
  switch (message) {
    case 'errorDefault':
      return t('errorDefault');
    case 'errorNoUser':
      return t('errorNoUser');
    case 'errorReceived':
      return t('errorReceived');
    case 'errorCommunityReceived':
      return t('errorCommunityReceived');
  }
}

/** The document title the page has while it shows (the server writes it into a painted page). */
export function inviteDocumentTitle(language: InviteLanguage, product: string): string {
  const t = translatorFor(language);
  return t('cardTitle', { product });
}

interface InviteViewProps {
  host: HostServices;
  browser: InviteBrowser;
}

/** The community invite page: the join card, the processing state and the success state. */
export function InviteView({ host, browser }: InviteViewProps) {
  const [language] = useState(() => resolveInviteLanguage(browser.search, browser.language));
  const t = translatorFor(language);
  const { phase, message, user, joining, join } = useInviteFlow(host, browser, language);
  const titleId = useId();
  const product = host.config.productName;
  // The document speaks the page's language: a screen reader reads it, the tab names it.
  const documentTitle = inviteDocumentTitle(language, product);
  useEffect(() => {
    host.page.setLanguage(htmlLang(language));
    host.page.setTitle(documentTitle);
    return () => {
      host.page.setLanguage(null);
      host.page.setTitle(null);
    };
  }, [host, language, documentTitle]);

  return (
    <main className="invite" lang={htmlLang(language)} data-language={language}>
      <img className="invite__background" src={BACKGROUNDS[language]} alt={t('headline')} />
      <section className="invite-card" aria-labelledby={titleId} aria-busy={phase === 'processing'}>
        {phase === 'processing' ? (
          <div className="invite-card__state" role="status">
            <SpinnerRing className="invite-card__spinner" />
            <h1 id={titleId} className="invite-card__title">
              {t('loadingTitle')}
            </h1>
            {user?.userId ? (
              <p className="invite-card__uid">{t('uid', { uid: user.userId })}</p>
            ) : null}
            <p className="invite-card__tip">{t('tip')}</p>
          </div>
        ) : phase === 'success' ? (
          <div className="invite-card__state">
            <span className="invite-card__check" aria-hidden="true" />
            <h1 id={titleId} className="invite-card__title">
              {t('successTitle')}
            </h1>
            <p className="invite-card__message">{t('successMessage')}</p>
            <p className="invite-card__description">{t('successDescription')}</p>
            <p className="invite-card__tip">{t('tip')}</p>
          </div>
        ) : (
          <>
            <h1 id={titleId} className="invite-card__title">
              {t('cardTitle', { product })}
            </h1>
            <ol className="invite-steps" aria-label={t('steps')}>
              {stepsOf(t, product).map(({ id, image, text }, index) => (
                <li key={id} className="invite-steps__item">
                  <img className="invite-steps__image" src={image} alt="" aria-hidden="true" />
                  <span className="invite-steps__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="invite-steps__text">{text}</span>
                </li>
              ))}
            </ol>
            {message ? (
              <p className="invite-card__alert" role="alert">
                {messageText(t, message)}
              </p>
            ) : null}
            <button
              type="button"
              className="invite-card__join"
              onClick={join}
              disabled={user === null || joining}
              aria-busy={joining}
            >
              {t('join')}
            </button>
          </>
        )}
      </section>
    </main>
  );
}
