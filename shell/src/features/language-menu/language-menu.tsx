import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGE_NAMES, SITE_LANGUAGES, type SiteLanguage } from 'shared-contracts';
import './language-menu.css';

export interface LanguageMenuProps {
  /** The page's language: the button says it, the list marks it. */
  language: SiteLanguage;
  /** The button's and the list's accessible name, in the page's language ('Language'). */
  label: string;
  /** Another language was chosen (the page loads again in it: switch-page-language.ts). */
  onChoose(language: SiteLanguage): void;
}

function GlobeIcon() {
  return (
    <svg
      className="nb-language__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-8.5 9h17M12 3c2.5 2.7 3.6 5.7 3.6 9s-1.1 6.3-3.6 9c-2.5-2.7-3.6-5.7-3.6-9S9.5 5.7 12 3z"
      />
    </svg>
  );
}

function TickIcon() {
  return (
    <svg
      className="nb-language__tick"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
    >
      <path fill="none" stroke="currentColor" strokeWidth="2" d="m3 8.5 3.2 3L13 4.5" />
    </svg>
  );
}

/** Where the keys of the open list move the focus, among `count` options from `from`. */
function optionAfterKey(key: string, from: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(from + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(from - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The language menu of the page frame (docs/product.md, "Languages"): a button that says the
 * page's language, named in itself, and opens the list of the site's languages, each named in
 * itself (with its `lang`, so a screen reader reads it in its own language). A listbox in a
 * popup (WAI-ARIA APG): Enter, Space or an arrow key opens it on the page's language; the arrows,
 * Home and End move, Enter or Space chooses, Escape closes it back to the button, Tab closes it
 * and moves on. Only the button is in the server's first screen.
 */
export function LanguageMenu({ language, label, onChoose }: LanguageMenuProps) {
  const current = SITE_LANGUAGES.indexOf(language);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(current);
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  // The focus follows the active option (the browser scrolls it into view).
  useEffect(() => {
    if (open) list.current?.querySelectorAll('li')[active]?.focus();
  }, [open, active]);

  // A tap anywhere else closes the list, as the focus leaving it does (onBlur below).
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const openOn = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (chosen: SiteLanguage) => {
    closeToButton();
    if (chosen !== language) onChoose(chosen);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openOn(current);
  };
  const onListKeyDown = (event: KeyboardEvent) => {
    const next = optionAfterKey(event.key, active, SITE_LANGUAGES.length);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(SITE_LANGUAGES[active] ?? language);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      closeToButton();
    } else if (event.key === 'Tab') {
      // From the button, the browser's Tab goes on to what follows the menu.
      closeToButton();
    }
  };

  const labelId = `${id}label`;
  const currentId = `${id}current`;
  const listId = `${id}list`;
  return (
    <div
      className="nb-language"
      ref={menu}
      onBlur={(event) => {
        if (!menu.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="nb-language__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${currentId}`}
        onClick={() => (open ? setOpen(false) : openOn(current))}
        onKeyDown={onButtonKeyDown}
      >
        <GlobeIcon />
        <span id={labelId} className="uk-visually-hidden">
          {label}
        </span>
        <bdi id={currentId} className="nb-language__current" lang={language}>
          {LANGUAGE_NAMES[language]}
        </bdi>
      </button>
      {open ? (
        <ul
          ref={list}
          id={listId}
          className="nb-language__list"
          role="listbox"
          aria-label={label}
          onKeyDown={onListKeyDown}
        >
          {SITE_LANGUAGES.map((code) => (
            <li
              key={code}
              className="nb-language__option"
              role="option"
              lang={code}
              tabIndex={-1}
              aria-selected={code === language}
              onClick={() => choose(code)}
            >
              {/* Isolated: a name keeps its own direction in a list of the other direction. */}
              <bdi>{LANGUAGE_NAMES[code]}</bdi>
              {code === language ? <TickIcon /> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
