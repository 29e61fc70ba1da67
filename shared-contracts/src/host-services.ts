import type { ApiEnvelope, ApiPath, ApiRequest, ApiResponse } from './api';
import type { HostConfig } from './config';
import type { AppUserInfo, CloudFolder, Product, UserInfo } from './entities';
import type { SiteLanguage } from './languages';
import type { EventContent, EventName } from './events';
import type { DeepLinkTarget, Platform } from './platform';

export interface ApiCallOptions {
  /** Show no toast for this call's failures at all, transport errors included (the event report). */
  silent?: boolean;
  /**
   * Response codes the caller shows in its own way (e.g. 4004 as the not-found view): no toast
   * for them. Every other code and every transport error (a timeout) still shows its message.
   */
  quietCodes?: readonly number[];
  /**
   * The session token to send instead of the site's stored one: the invite page acts for the
   * app user whose token the app bridge gave.
   */
  token?: string;
}

/** The document around a remote: what the browser's tab and a screen reader announce. */
export interface PageService {
  /** The title: a file name while a preview is open, the invite's title; null: the product name. */
  setTitle(title: string | null): void;
  /** The document's language (BCP 47, `zh-Hans`) for a page in another one; null: the page's own. */
  setLanguage(language: string | null): void;
}

/**
 * The page's address beyond its path. The router is the shell's; the share viewer keeps its
 * folder (and the list's order and filter) in the query, so that each folder has a link and an
 * entry in the browser's history.
 */
export interface AddressService {
  /** The current address's query, without its '?'. */
  query(): string;
  /** A new history entry with this query (same path and hash): Back returns to the current one. */
  push(query: string): void;
  /** The current entry's query, changed in place. */
  replace(query: string): void;
  /** `listener` hears the query after Back or Forward; returns the unsubscribe. */
  onPop(listener: (query: string) => void): () => void;
}

/** A transport failure (no envelope came back). The toast has been shown already. */
export interface ApiTransportError extends Error {
  kind: 'timeout' | 'network' | 'http';
  /** HTTP status when the server answered without an envelope; 0 otherwise. */
  status: number;
}

/**
 * The API client. Resolves with the envelope for any answer that has one (check `code`);
 * the error catalogue (docs/product.md, "Response codes") has been applied already (toasts, login
 * cleared on 2000).
 * Rejects with an ApiTransportError on timeout or network failure.
 */
export interface ApiClient {
  call<P extends ApiPath>(
    path: P,
    body: ApiRequest<P>,
    options?: ApiCallOptions,
  ): Promise<ApiEnvelope<ApiResponse<P>>>;
}

export interface ToastService {
  /** Shows text for `delayMs` (2000 by default); 0 keeps it until hidden. One toast at a time. */
  show(text: string, delayMs?: number): void;
  /** A loading toast with a spinner, until hidden or replaced. */
  loading(text: string): void;
  hide(): void;
}

export interface LoginOptions {
  /** Save mode: after login the save flow continues (autoSave). */
  save?: boolean;
  /** The single file to save after login. */
  fileId?: string;
}

/** How a login sheet ended: null when the visitor closed it without logging in. */
export interface LoginOutcome {
  autoSave: boolean;
  /** Empty when saving the selection. */
  fileId: string;
}

export interface LoginService {
  /** Opens the login sheet; resolves after a successful login, or with null when dismissed. */
  open(options?: LoginOptions): Promise<LoginOutcome | null>;
  close(): void;
}

/** Session state: a valtio proxy owned by the shell; remotes read it with `useSnapshot`. */
export interface SessionState {
  token: string;
  user: UserInfo | null;
  /** The user's default "From Share" folder, once known. */
  defaultFolder: CloudFolder | null;
  products: Product[];
}

export interface SessionService {
  state: SessionState;
  /** With a stored token: fetch the user, the default folder and the products. */
  refresh(): Promise<void>;
  /** Clears the login (user and stored token). */
  clear(): void;
}

/** Platform state: a valtio proxy kept up to date on resize. */
export interface PlatformState {
  platform: Platform;
}

export interface DeepLinkService {
  /** On a phone: launch the app, falling back to the store. */
  open(target: DeepLinkTarget): void;
  /** The app URL of a target, e.g. for a link's href. */
  urlOf(target: DeepLinkTarget): string;
}

/** The mobile app's native interface, as promises; rejects with 'not support platform' elsewhere. */
export interface AppBridge {
  getUserInfo(): Promise<AppUserInfo>;
  postEvent(name: string, content: EventContent): Promise<void>;
  onCommunityActSuccess(userId: string): Promise<void>;
}

export interface HostServices {
  config: HostConfig;
  api: ApiClient;
  toast: ToastService;
  login: LoginService;
  session: SessionService;
  platform: PlatformState;
  /**
   * The page's language (docs/product.md, "Languages"): the server painted the page in it, and
   * every app shows its own texts in it. It does not change while the page lives: choosing
   * another language loads the page again. A remote loads its texts in it in its module's
   * `prepare` (RemoteModule), before the shell's first render of it.
   */
  language: SiteLanguage;
  deepLink: DeepLinkService;
  downloadDialog: { open(): void };
  /** Opens the paid-plan sheet, loading remote-payments on first use. */
  upgradeSheet: { open(): void };
  events: { report(name: EventName, content?: EventContent): void };
  appBridge: AppBridge;
  /** The document's title and language, for what a remote shows (null: the page's own). */
  page: PageService;
  /** The query of the page's address (contract 1.8). */
  address: AddressService;
}
