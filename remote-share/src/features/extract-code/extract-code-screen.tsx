import { useId, useState, type FormEvent } from 'react';
import { truncateExtractCode, type ShareUserInfo } from 'shared-contracts';
import { Avatar } from '../../components/ui/avatar';
import { CloseIcon } from '../../components/ui/modal';
import { useHost, useT } from '../../lib/host-context';
import { ExpiryText } from '../../components/ui/expiry-text';
import './extract-code-screen.css';

export interface ExtractCodeScreenProps {
  sharer: ShareUserInfo;
  expiryTime: number;
  initialCode?: string;
  /** Checks the code with the server: 'ok', 'invalid' (wrong code) or 'error' (already toasted). */
  onSubmit(code: string): Promise<'ok' | 'invalid' | 'error'>;
}

/** The extract-code prompt of a protected share (spec 2, "Extract-code screen"). */
export function ExtractCodeScreen({
  sharer,
  expiryTime,
  initialCode = '',
  onSubmit,
}: ExtractCodeScreenProps) {
  const host = useHost();
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const nickname = sharer.nick_name || host.config.productName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (value === '') {
      host.toast.show(t('enterCodeFirst'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const result = await onSubmit(value);
      // Shown once, inline next to the input (an alert), not again as a toast.
      if (result === 'invalid') setError(t('invalidCode'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="ns-extract" aria-labelledby={`${inputId}-title`}>
      <div className="ns-extract__card">
        <Avatar src={sharer.avatar} name={nickname} size={64} />
        <p className="ns-extract__who" id={`${inputId}-title`}>
          <span className="ns-extract__nickname">{nickname}</span> <span>{t('sharedWithYou')}</span>
        </p>
        <form className="ns-extract__form" onSubmit={submit} noValidate>
          <label className="ns-visually-hidden" htmlFor={inputId}>
            {t('extractCodeLabel')}
          </label>
          <div className={`ns-extract__field ${error ? 'ns-extract__field--error' : ''}`}>
            <input
              id={inputId}
              className="ns-extract__input"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={t('extractCodePlaceholder')}
              value={code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setCode(truncateExtractCode(event.target.value));
                setError('');
              }}
            />
            {code ? (
              <button
                type="button"
                className="ns-icon-button ns-extract__clear"
                aria-label={t('clearExtractCode')}
                onClick={() => {
                  setCode('');
                  setError('');
                  document.getElementById(inputId)?.focus();
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
          ) : null}
          <button
            type="submit"
            className="ns-button ns-button--primary ns-extract__submit"
            disabled={busy}
          >
            {t('extractFile')}
          </button>
        </form>
        <p className="ns-extract__expiry">
          <ExpiryText expiryTime={expiryTime} />
        </p>
      </div>
    </section>
  );
}
