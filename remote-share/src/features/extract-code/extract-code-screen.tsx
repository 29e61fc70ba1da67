import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { normalizeExtractCode, type ShareUserInfo } from 'shared-contracts';
import type { ExtractCodeResult } from './extract-code-result';
import { ProofOfWork } from './proof-of-work';
import { waitOf } from '../../lib/format';
import { Avatar } from '../../components/ui/avatar';
import { CloseIcon } from 'ui-kit';
import { useHost, useTexts } from '../../lib/host-context';
import { ScreenHeading } from '../../components/ui/screen-heading';
import { NAME_SLOT, NameInText } from '../../components/ui/name-in-text';
import { ExpiryText } from '../../components/ui/expiry-text';
import { useScreenTitle } from '../../lib/page-title';
import './extract-code-screen.css';

export interface ExtractCodeScreenProps {
  sharer: ShareUserInfo;
  expiryTime: number;
  initialCode?: string;
  /**
   * The code the share's link carried (`?pwd=`): filled in and tried once as the screen opens,
   * as if pasted and submitted; a wrong one is refused as usual and the field keeps working.
   */
  linkCode?: string | undefined;
  /**
   * Checks the code with the server, with a solved proof of work when one was asked for: ok,
   * invalid (wrong code), locked (too many wrong codes from this network, with the wait), proof
   * (the share is under attack: solve the challenge, then send again) or error (already toasted).
   */
  onSubmit(code: string, proof?: string): Promise<ExtractCodeResult>;
}

/** The extract-code prompt of a protected share (docs/product.md, "The extract-code screen"). */
export function ExtractCodeScreen({
  sharer,
  expiryTime,
  initialCode = '',
  linkCode,
  onSubmit,
}: ExtractCodeScreenProps) {
  const host = useHost();
  const t = useTexts();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState(() => normalizeExtractCode(linkCode ?? initialCode));
  const [error, setError] = useState('');
  /**
   * 'Extract file' with an empty field: the field is marked, and the toast says why
   * (docs/product.md, "The extract-code screen").
   */
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  /** While this network may not try a code: until when (ms), to keep Extract off until then. */
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  /** The proof of work the server asked for before trying `code`, while it is being solved. */
  const [proof, setProof] = useState<{ challenge: object; code: string } | null>(null);
  const nickname = sharer.nick_name || host.config.productName;
  useScreenTitle(t('codePageTitle'));

  /**
   * Back to the field after a refused code: 'Extract file' disables itself while the code is
   * checked, which drops its focus to the page's body. Only when the focus was there: a visitor
   * who has moved on keeps their place.
   */
  const refocusField = () => {
    const active = document.activeElement;
    if (active === null || active === document.body || active === submitButton.current) {
      input.current?.focus();
    }
  };

  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = window.setTimeout(
      () => {
        setLockedUntil(null);
        setError('');
      },
      Math.max(0, lockedUntil - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [lockedUntil]);

  const lockedMessage = (seconds: number) => {
    const wait = waitOf(seconds);
    if (wait.kind === 'hours') return t('codeLockedHours', { n: wait.n });
    return wait.n === 1 ? t('codeLockedMinute') : t('codeLockedMinutes', { n: wait.n });
  };

  const send = async (value: string, solved?: string) => {
    setBusy(true);
    setError('');
    try {
      const result = await onSubmit(value, solved);
      setProof(result.kind === 'proof' ? { challenge: result.challenge, code: value } : null);
      // Shown once, inline next to the input (an alert), not again as a toast.
      if (result.kind === 'invalid') setError(t('invalidCode'));
      if (result.kind === 'locked') {
        setError(lockedMessage(result.retryAfterSeconds));
        setLockedUntil(Date.now() + result.retryAfterSeconds * 1000);
      }
      if (result.kind !== 'ok') refocusField();
    } finally {
      setBusy(false);
    }
  };

  // The link's code, tried once: not again if the screen renders anew (React's strict mode runs
  // a first effect twice), and never a code typed since.
  const linkCodeTried = useRef(false);
  useEffect(() => {
    if (linkCodeTried.current) return;
    linkCodeTried.current = true;
    const value = normalizeExtractCode(linkCode ?? '');
    if (value !== '') void send(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the code the screen opened with
  }, []);

  /** A new code in the field (typed, pasted or cleared). */
  const change = (value: string) => {
    setCode(value);
    setMissing(false);
    // Another code: the check under way was for the one before.
    setProof(null);
    // The wait stays in view while it lasts.
    if (lockedUntil === null) setError('');
  };

  const invalid = error !== '' || missing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || proof || lockedUntil !== null) return;
    const value = code.trim();
    if (value === '') {
      host.toast.show(t('enterCodeFirst'));
      setMissing(true);
      input.current?.focus();
      return;
    }
    void send(value);
  };

  return (
    <section className="ns-extract" aria-labelledby={`${inputId}-title`}>
      <div className="ns-extract__card">
        <Avatar src={sharer.avatar} name={nickname} size={64} />
        <ScreenHeading className="ns-extract__who" id={`${inputId}-title`} focusOnMount={false}>
          <NameInText
            message={t('sharedWithYou', { name: NAME_SLOT })}
            name={nickname}
            className="ns-extract__nickname"
          />
        </ScreenHeading>
        <form className="ns-extract__form" onSubmit={submit} noValidate>
          <label className="uk-visually-hidden" htmlFor={inputId}>
            {t('extractCodeLabel')}
          </label>
          <div className={`ns-extract__field ${invalid ? 'ns-extract__field--error' : ''}`}>
            <input
              ref={input}
              id={inputId}
              className="ns-extract__input"
              type="text"
              // A code reads in its own direction, whatever the page's.
              dir="auto"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={t('extractCodePlaceholder')}
              value={code}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? errorId : undefined}
              // Spaces around a code are dropped before the 4-character cut: ' ab12' is 'ab12'.
              onChange={(event) => change(normalizeExtractCode(event.target.value))}
              onPaste={(event) => {
                // A pasted code is the whole code: it replaces what the field held rather than
                // joining it ('zzzz' + ' ab12' would keep 'zzzz').
                const pasted = normalizeExtractCode(event.clipboardData.getData('text'));
                if (pasted === '') return;
                event.preventDefault();
                change(pasted);
              }}
            />
            {code ? (
              <button
                type="button"
                className="ns-icon-button ns-extract__clear"
                aria-label={t('clearExtractCode')}
                onClick={() => {
                  setCode('');
                  if (lockedUntil === null) setError('');
                  input.current?.focus();
                }}
              >
                <CloseIcon />
              </button>
            ) : null}
          </div>
          {error ? (
            <p className="ns-extract__error" id={errorId} role="alert">
              {error}
            </p>
          ) : missing ? (
            // The toast announces it already: no second announcement, the field names it.
            <p className="ns-extract__error" id={errorId}>
              {t('enterCodeFirst')}
            </p>
          ) : null}
          <button
            ref={submitButton}
            type="submit"
            className="ns-button ns-button--primary ns-extract__submit"
            disabled={busy || proof !== null || lockedUntil !== null}
          >
            {t('extractFile')}
          </button>
        </form>
        {proof ? (
          <ProofOfWork
            challenge={proof.challenge}
            onSolved={(solved) => void send(proof.code, solved)}
            onUnavailable={() => {
              setProof(null);
              setError(t('proofError'));
            }}
          />
        ) : null}
        <p className="ns-extract__expiry">
          <ExpiryText expiryTime={expiryTime} />
        </p>
      </div>
    </section>
  );
}
