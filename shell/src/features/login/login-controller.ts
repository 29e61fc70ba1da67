import { proxy } from 'valtio';
import {
  ResponseCode,
  type ApiClient,
  type HostServices,
  type IdentityProviderName,
  type LoginOutcome,
  type LoginService,
  type SessionService,
  type SiteLanguage,
  type ToastService,
} from 'shared-contracts';
import { shellTexts } from '../../lib/i18n/shell-texts';
import {
  IdentityNetworkError,
  PopupBlockedError,
  type IdentityAdapter,
} from './identity/identity-adapter';
import { loginPayloadOf } from './login-payload';

export interface LoginState {
  open: boolean;
  /** Save mode: the save flow continues after login. */
  autoSave: boolean;
  fileId: string;
  /** The provider whose sign-in is under way. */
  pending: IdentityProviderName | null;
}

export interface LoginDeps {
  api: ApiClient;
  toast: ToastService;
  session: SessionService;
  setToken(token: string): void;
  events: HostServices['events'];
  /** The page's language: the toasts' texts. */
  language: SiteLanguage;
  /** The identity adapter, loaded on first use. */
  identity(): Promise<IdentityAdapter>;
}

export interface LoginController {
  service: LoginService;
  state: LoginState;
  /** The sheet's provider buttons. */
  choose(provider: IdentityProviderName): Promise<void>;
}

export function createLoginController(deps: LoginDeps): LoginController {
  const state = proxy<LoginState>({ open: false, autoSave: false, fileId: '', pending: null });
  let settle: ((outcome: LoginOutcome | null) => void) | null = null;

  const end = (outcome: LoginOutcome | null) => {
    state.open = false;
    state.pending = null;
    const resolve = settle;
    settle = null;
    resolve?.(outcome);
  };

  const service: LoginService = {
    open(options = {}) {
      // A sheet already open is replaced: its caller learns it was dismissed.
      if (settle) end(null);
      state.autoSave = options.save === true;
      state.fileId = state.autoSave ? (options.fileId ?? '') : '';
      state.pending = null;
      state.open = true;
      // Load the identity service's code while the person reads the sheet: a tap then opens the
      // popup at once (a popup opened long after the tap may be blocked).
      deps.identity().catch(() => undefined);
      return new Promise<LoginOutcome | null>((resolve) => {
        settle = resolve;
      });
    },
    close() {
      end(null);
    },
  };

  const choose = async (provider: IdentityProviderName) => {
    if (state.pending) return;
    const t = shellTexts(deps.language);
    state.pending = provider;
    deps.events.report('web_login_third_party', { type: provider });
    try {
      const adapter = await deps.identity();
      const identity = await adapter.signIn(provider);
      if (!state.open) return;
      if (!identity) {
        deps.events.report('web_login_cancel', { type: provider });
        return;
      }
      const payload = loginPayloadOf(identity, state);
      const answer = await deps.api.call('/login', { third_token: payload.token });
      if (answer.code !== ResponseCode.Success || !answer.data?.token) {
        deps.events.report('login_fail', { type: payload.type, code: answer.code });
        return;
      }
      deps.setToken(answer.data.token);
      await deps.session.refresh();
      deps.toast.show(t('loginSuccess'));
      deps.events.report('login_success', { type: payload.type, is_new: answer.data.is_new });
      end({ autoSave: payload.autoSave, fileId: payload.fileId });
    } catch (error) {
      if (error instanceof PopupBlockedError) deps.toast.show(t('loginPopupBlocked'));
      else if (error instanceof IdentityNetworkError) deps.toast.show(t('loginNetworkError'));
      else if (!(error instanceof Error && error.name === 'ApiTransportError')) {
        // The API client showed a transport failure's text already.
        deps.toast.show(t('loginFailed'));
      }
      deps.events.report('login_fail', {
        type: provider,
        error_message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      state.pending = null;
    }
  };

  return { service, state, choose };
}
