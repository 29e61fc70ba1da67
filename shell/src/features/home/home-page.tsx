import { useId, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { type SiteLanguage } from 'shared-contracts';
import { shareLinkOfText, sharePagePath } from 'shared-contracts/page';
import { shellTexts } from '../../lib/i18n/shell-texts';
import './home-page.css';

export interface HomePageProps {
  productName: string;
  language: SiteLanguage;
  /** Opens a page of this site: the share's page the pasted text names (`/s/{code}…`). */
  onOpen(path: string): void;
}

/**
 * A pasted message keeps its line breaks as spaces: a text field would drop them and glue the
 * link to the next line ('…/s/demo-privateExtract code: ab12').
 */
function pasteKeepingLineBreaks(event: ClipboardEvent<HTMLInputElement>, set: (v: string) => void) {
  const pasted = event.clipboardData.getData('text');
  if (!/[\r\n]/.test(pasted)) return;
  event.preventDefault();
  const input = event.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const flat = pasted.replace(/\s*[\r\n]+\s*/g, ' ');
  set(input.value.slice(0, start) + flat + input.value.slice(end));
}

/**
 * The home page (`/`): a field where a visitor pastes the share link they were sent, with or
 * without its extract code, or a whole chat message holding it, and opens that share here.
 */
export function HomePage({ productName, language, onOpen }: HomePageProps) {
  const t = shellTexts(language);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState('');

  /** Another text: the error was about the one before. */
  const change = (value: string) => {
    setText(value);
    setError('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = shareLinkOfText(text, window.location.hostname);
    if (link) {
      onOpen(sharePagePath(link));
      return;
    }
    setError(text.trim() === '' ? t('shareLinkMissing') : t('shareLinkInvalid'));
    // The button may have taken the focus: the visitor corrects the text where it is.
    input.current?.focus();
  };

  return (
    <section className="nb-home" aria-labelledby={titleId}>
      <div className="nb-home__card">
        <svg
          className="nb-home__icon"
          viewBox="0 0 24 24"
          width="28"
          height="28"
          aria-hidden="true"
        >
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5"
          />
        </svg>
        <h1 className="nb-home__title" id={titleId}>
          {t('homeTitle')}
        </h1>
        <p className="nb-home__lead">{t('homeLead', { productName })}</p>
        <form className="nb-home__form" onSubmit={submit} noValidate>
          <label className="nb-home__label" htmlFor={inputId}>
            {t('shareLinkLabel')}
          </label>
          <div className="nb-home__row">
            {/* The error sits under the field: on a phone, above the button. */}
            <div className="nb-home__field">
              <input
                ref={input}
                id={inputId}
                className="uk-text-field"
                type="text"
                inputMode="url"
                enterKeyHint="go"
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                // A link, or a message holding one, keeps its own direction on a right-to-left page.
                dir="auto"
                placeholder={t('shareLinkPlaceholder')}
                value={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onPaste={(event) => pasteKeepingLineBreaks(event, change)}
                onChange={(event) => change(event.target.value)}
              />
              {error ? (
                <p className="nb-home__error" id={errorId} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
            <button type="submit" className="nb-home__open">
              {t('openShareLink')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
