/**
 * A fake HostServices for the remotes' component tests: it records what a remote asks of the
 * host (toasts, events, deep links, dialogs) and answers API calls from handlers the test gives.
 * Import it from tests only: `shared-contracts/testing`.
 */
import { proxy } from 'valtio';
import type { ApiEnvelope, ApiPath, ApiRequest, ApiResponse } from '../api';
import { REMOTE_FEDERATION_NAMES } from '../remotes';
import type { SiteLanguage } from '../languages';
import type { EventContent, EventName } from '../events';
import type {
  AddressService,
  ApiCallOptions,
  AppBridge,
  HostServices,
  LoginOptions,
  LoginOutcome,
  PlatformState,
  SessionState,
} from '../host-services';
import type { DeepLinkTarget, Platform } from '../platform';
import type { RuntimeConfig } from '../page/runtime-config';

export type ApiHandlers = {
  [P in ApiPath]?: (
    body: ApiRequest<P>,
  ) => ApiEnvelope<ApiResponse<P>> | Promise<ApiEnvelope<ApiResponse<P>>>;
};

export interface FakeHostRecord {
  toasts: string[];
  loadingToasts: string[];
  events: { name: EventName; content: EventContent | undefined }[];
  deepLinks: DeepLinkTarget[];
  /** Each call, with the token the caller sent instead of the session's (`ApiCallOptions.token`). */
  apiCalls: { path: ApiPath; body: unknown; token?: string }[];
  loginRequests: LoginOptions[];
  titles: (string | null)[];
  languages: (string | null)[];
  downloadDialogOpened: number;
  upgradeSheetOpened: number;
}

/** The fake's browser history of the page's query: the test moves Back and Forward with it. */
export interface FakeAddress {
  /** The queries of the history's entries, oldest first. */
  readonly entries: string[];
  /** The current entry's query. */
  current(): string;
  back(): void;
  forward(): void;
}

export interface FakeHostOptions {
  platform?: Platform;
  language?: SiteLanguage;
  session?: Partial<SessionState>;
  api?: ApiHandlers;
  /** What the login sheet answers; null is a dismissed sheet. */
  loginOutcome?: LoginOutcome | null;
  /** Session state after a successful login. */
  sessionAfterLogin?: Partial<SessionState>;
  appBridge?: Partial<AppBridge>;
  config?: Partial<RuntimeConfig>;
  /** The page address's query when the remote starts (no '?'). */
  query?: string;
}

/** Every remote of the contract where the reference server serves it (`/remotes/{name}/`). */
const TEST_REMOTES = Object.fromEntries(
  Object.entries(REMOTE_FEDERATION_NAMES).map(([remote, name]) => [
    remote,
    { name, manifestUrl: `/remotes/${remote}/mf-manifest.json` },
  ]),
) as RuntimeConfig['remotes'];

export const TEST_CONFIG: RuntimeConfig = {
  productName: 'Nimbus',
  apiBaseUrl: '/api',
  remotes: TEST_REMOTES,
  app: {
    scheme: 'nimbus',
    androidStoreUrl: 'https://play.example.com/store/apps/nimbus',
    iosStoreUrl: 'https://apps.example.com/app/nimbus',
  },
  links: {
    userAgreement: 'https://nimbus.example.com/legal/user-agreement',
    privacyPolicy: 'https://nimbus.example.com/legal/privacy',
    autoRenewalAndroid: 'https://nimbus.example.com/legal/auto-renewal-android',
    autoRenewalOther: 'https://nimbus.example.com/legal/auto-renewal',
  },
  identity: { provider: 'development', origin: 'http://localhost', signInUrl: '/idp/authorize' },
  eventSignKey: 'test-key',
  community: 'discord',
  inviteAuthOrigins: ['http://localhost'],
  simulatedBridge: false,
};

const notSupported = () => Promise.reject(new Error('not support platform'));

/** An in-memory history of queries, with the AddressService over it. */
function fakeAddress(initial: string): { service: AddressService; control: FakeAddress } {
  const entries = [initial];
  let index = 0;
  const listeners = new Set<(query: string) => void>();
  const current = () => entries[index] ?? '';
  const moveTo = (next: number) => {
    if (next < 0 || next >= entries.length) return;
    index = next;
    for (const listener of listeners) listener(current());
  };
  return {
    service: {
      query: current,
      push(query) {
        entries.splice(index + 1, entries.length, query);
        index = entries.length - 1;
      },
      replace(query) {
        entries[index] = query;
      },
      onPop(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    control: {
      entries,
      current,
      back: () => moveTo(index - 1),
      forward: () => moveTo(index + 1),
    },
  };
}

export function createFakeHost(options: FakeHostOptions = {}): {
  host: HostServices;
  record: FakeHostRecord;
  address: FakeAddress;
} {
  const record: FakeHostRecord = {
    toasts: [],
    loadingToasts: [],
    events: [],
    deepLinks: [],
    apiCalls: [],
    loginRequests: [],
    titles: [],
    languages: [],
    downloadDialogOpened: 0,
    upgradeSheetOpened: 0,
  };
  const session = proxy<SessionState>({
    token: '',
    user: null,
    defaultFolder: null,
    products: [],
    ...options.session,
  });
  const platform = proxy<PlatformState>({ platform: options.platform ?? 'other' });
  const address = fakeAddress(options.query ?? '');

  const host: HostServices = {
    config: { ...TEST_CONFIG, ...options.config },
    api: {
      async call<P extends ApiPath>(path: P, body: ApiRequest<P>, callOptions?: ApiCallOptions) {
        record.apiCalls.push({
          path,
          body,
          ...(callOptions?.token === undefined ? {} : { token: callOptions.token }),
        });
        const handler = options.api?.[path] as
          | ((
              b: ApiRequest<P>,
            ) => ApiEnvelope<ApiResponse<P>> | Promise<ApiEnvelope<ApiResponse<P>>>)
          | undefined;
        if (!handler) throw new Error(`The fake host has no handler for ${path}`);
        return handler(body);
      },
    },
    toast: {
      show: (text) => record.toasts.push(text),
      loading: (text) => record.loadingToasts.push(text),
      hide: () => undefined,
    },
    login: {
      async open(loginOptions = {}) {
        record.loginRequests.push(loginOptions);
        const outcome = options.loginOutcome === undefined ? null : options.loginOutcome;
        if (outcome) Object.assign(session, options.sessionAfterLogin);
        return outcome;
      },
      close: () => undefined,
    },
    session: {
      state: session,
      refresh: async () => undefined,
      clear: () => {
        session.token = '';
        session.user = null;
      },
    },
    platform,
    language: options.language ?? 'en',
    deepLink: {
      open: (target) => record.deepLinks.push(target),
      urlOf: (target) => `nimbus://${target.path}`,
    },
    downloadDialog: { open: () => (record.downloadDialogOpened += 1) },
    upgradeSheet: { open: () => (record.upgradeSheetOpened += 1) },
    events: { report: (name, content) => record.events.push({ name, content }) },
    appBridge: {
      getUserInfo: notSupported,
      postEvent: notSupported,
      onCommunityActSuccess: notSupported,
      ...options.appBridge,
    },
    page: {
      setTitle: (title) => record.titles.push(title),
      setLanguage: (language) => record.languages.push(language),
    },
    address: address.service,
  };
  return { host, record, address: address.control };
}
