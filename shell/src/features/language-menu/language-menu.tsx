import {
  useCallback,
  useId,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
} from 'react';
import { LANGUAGE_NAMES, type SiteLanguage } from 'shared-contracts';
import type { LanguageListProps } from './language-list';
import './language-menu.css';

export interface LanguageMenuProps {
  /** The page's language: the button says it, the list marks it. */
  language: SiteLanguage;
  /** The button's and the list's accessible name, in the page's language ('Language'). */
  label: string;
  /** Another language was chosen (the page loads again in it: switch-page-language.ts). */
  onChoose(language: SiteLanguage): void;
}

/** The open list's code, fetched when the visitor reaches for the button (webpack retries a failed one). */
const loadLanguageList = () => import('./language-list').then((module) => module.LanguageList);

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

/**
 * The language menu of the page frame (docs/product.md, "Languages"): a button that says the
 * page's language, named in itself, and opens the list of the site's languages
 * (language-list.tsx). Enter, Space or an arrow key opens it. Only the button is in the page's
 * start-up and the server's first screen; the list's code is fetched as a pointer or the focus
 * reaches the button, and the list opens once it is here.
 */
export function LanguageMenu({ language, label, onChoose }: LanguageMenuProps) {
  const [List, setList] = useState<ComponentType<LanguageListProps> | null>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const openList = () => {
    loadLanguageList().then(
      (loaded) => {
        setList(() => loaded);
        setOpen(true);
      },
      // Not fetched (offline): the button stays as it is, and the next press fetches it again.
      () => setOpen(false),
    );
  };
  const close = useCallback((toButton: boolean) => {
    setOpen(false);
    if (toButton) button.current?.focus();
  }, []);
  const choose = (chosen: SiteLanguage) => {
    close(true);
    if (chosen !== language) onChoose(chosen);
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openList();
  };
  const prefetch = () => void loadLanguageList().catch(() => undefined);

  const labelId = `${id}label`;
  const currentId = `${id}current`;
  const listId = `${id}list`;
  const shown = open && List !== null;
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
        className="nb-topbar__pill nb-language__button"
        aria-haspopup="listbox"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-labelledby={`${labelId} ${currentId}`}
        onClick={() => (shown ? setOpen(false) : openList())}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <GlobeIcon />
        <span id={labelId} className="uk-visually-hidden">
          {label}
        </span>
        <bdi id={currentId} className="nb-language__current" lang={language}>
          {LANGUAGE_NAMES[language]}
        </bdi>
      </button>
      {shown ? (
        <List
          id={listId}
          language={language}
          label={label}
          menu={menu}
          onChoose={choose}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
