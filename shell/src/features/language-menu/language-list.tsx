import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { LANGUAGE_NAMES, SITE_LANGUAGES, type SiteLanguage } from 'shared-contracts';

export interface LanguageListProps {
  id: string;
  /** The page's language: marked, and where the focus starts. */
  language: SiteLanguage;
  /** The list's accessible name, in the page's language ('Language'). */
  label: string;
  /** The menu around the button and the list: a tap outside it closes the list. */
  menu: RefObject<HTMLDivElement | null>;
  /** A language was chosen (the page's own too): the menu closes to its button. */
  onChoose(language: SiteLanguage): void;
  /** Escape or Tab: the menu closes (to its button for Escape; Tab moves on by itself). */
  onClose(toButton: boolean): void;
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
 * The open list of the language menu (language-menu.tsx), a chunk of its own: the page's start-up
 * carries only the button. A listbox (WAI-ARIA APG): it opens on the page's language, the arrows,
 * Home and End move, Enter or Space chooses, Escape closes it back to the button, Tab closes it
 * and moves on. Each language is named in itself, with its `lang`, so a screen reader reads it
 * in its own language.
 */
export function LanguageList({ id, language, label, menu, onChoose, onClose }: LanguageListProps) {
  const [active, setActive] = useState(SITE_LANGUAGES.indexOf(language));
  const list = useRef<HTMLUListElement>(null);

  // The focus follows the active option (the browser scrolls it into view).
  useEffect(() => {
    list.current?.querySelectorAll('li')[active]?.focus();
  }, [active]);

  // A tap anywhere else closes the list, as the focus leaving the menu does.
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [menu, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = optionAfterKey(event.key, active, SITE_LANGUAGES.length);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChoose(SITE_LANGUAGES[active] ?? language);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      // From the button, the browser's Tab goes on to what follows the menu.
      onClose(true);
    }
  };

  return (
    <ul
      ref={list}
      id={id}
      className="nb-topbar__popover nb-language__list"
      role="listbox"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {SITE_LANGUAGES.map((code) => (
        <li
          key={code}
          className="nb-language__option"
          role="option"
          lang={code}
          tabIndex={-1}
          aria-selected={code === language}
          onClick={() => onChoose(code)}
        >
          {/* Isolated: a name keeps its own direction in a list of the other direction. */}
          <bdi>{LANGUAGE_NAMES[code]}</bdi>
          {code === language ? <TickIcon /> : null}
        </li>
      ))}
    </ul>
  );
}
