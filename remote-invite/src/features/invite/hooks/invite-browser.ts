/** The parts of the browser the invite flow uses: the address, navigation and session storage. */
export interface InviteBrowser {
  search: string;
  origin: string;
  pathname: string;
  /** The browser's language, e.g. `zh-TW`. */
  language: string | undefined;
  /** Goes to another page (keeps this one in history). */
  assign(url: string): void;
  /** Reloads at another address (replaces this entry in history). */
  replace(url: string): void;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export function windowBrowser(): InviteBrowser {
  return {
    search: window.location.search,
    origin: window.location.origin,
    pathname: window.location.pathname,
    language: navigator.language,
    assign: (url) => window.location.assign(url),
    replace: (url) => window.location.replace(url),
    storage: window.sessionStorage,
  };
}
