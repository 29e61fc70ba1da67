import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { isWebUrl, type HostServices } from 'shared-contracts';
import { shellTexts } from '../../lib/i18n/shell-texts';
import { logOut } from './log-out';
import './account-chip.css';

export interface AccountChipProps {
  host: Pick<HostServices, 'session' | 'api' | 'toast' | 'language'>;
  /** The visitor logged out: the chip is gone, and the focus goes where the bar says. */
  onLoggedOut(): void;
}

/**
 * Who is signed in, in the top bar (issue 49): once a visitor has logged in, a button with their
 * picture (or their name's initial) and name opens a small panel that says so and offers 'Log
 * out'. A disclosure (WAI-ARIA APG): Enter or Space opens it on 'Log out', Escape closes it back to
 * the button, as do a tap elsewhere and the focus leaving it. Nothing for an anonymous visitor,
 * so the page the server paints (always anonymous) is the same.
 */
export function AccountChip({ host, onLoggedOut }: AccountChipProps) {
  const { user } = useSnapshot(host.session.state);
  const [open, setOpen] = useState(false);
  const id = useId();
  const chip = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const logOutButton = useRef<HTMLButtonElement>(null);
  const t = shellTexts(host.language);

  useEffect(() => {
    if (!open) return;
    logOutButton.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!chip.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  if (!user) return null;
  const name = user.nick_name.trim() || t('account');
  const picture = isWebUrl(user.avatar) ? user.avatar : null;

  return (
    <div
      className="nb-account"
      ref={chip}
      onBlur={(event) => {
        if (!chip.current?.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        className="nb-topbar__pill nb-account__button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('accountOf', { name })}
        onClick={() => setOpen(!open)}
      >
        {picture ? (
          <img className="nb-account__picture" src={picture} alt="" width={28} height={28} />
        ) : (
          <span className="nb-account__picture" aria-hidden="true">
            {Array.from(name)[0]?.toLocaleUpperCase(host.language)}
          </span>
        )}
        <bdi className="nb-account__name" aria-hidden="true">
          {name}
        </bdi>
      </button>
      {open ? (
        <div
          id={id}
          className="nb-topbar__popover nb-account__panel"
          role="group"
          aria-label={t('account')}
        >
          <p className="nb-account__who">
            {/* The name isolated (FSI … PDI): a Latin name reads right in an Arabic sentence. */}
            {t('signedInAs', { name: `\u2068${name}\u2069` })}
          </p>
          <button
            ref={logOutButton}
            type="button"
            className="nb-account__log-out"
            onClick={() => {
              setOpen(false);
              void logOut(host).then(onLoggedOut);
            }}
          >
            {t('logOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
