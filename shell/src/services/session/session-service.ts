import { proxy } from 'valtio';
import {
  DEFAULT_SAVE_FOLDER_ID,
  FIRST_PAGE,
  FOLDER_PAGE_SIZE,
  FolderType,
  ResponseCode,
  ROOT_FOLDER_ID,
  type ApiClient,
  type CloudFolder,
  type PlatformState,
  type SessionService,
  type SessionState,
} from 'shared-contracts';

/** Where the login token is kept (local storage; docs/product.md, "The login sheet"). */
export const TOKEN_STORAGE_KEY = 'nimbus:token';

/** The virtual default "From Share" folder, when the user has none yet. */
export const VIRTUAL_DEFAULT_FOLDER: CloudFolder = {
  id: DEFAULT_SAVE_FOLDER_ID,
  name: 'From Share',
  parent_id: ROOT_FOLDER_ID,
  update_time: 0,
  folder_type: FolderType.FromShare,
  subfolder_num: 0,
};

export function readStoredToken(storage: Storage = localStorage): string {
  try {
    return storage.getItem(TOKEN_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export interface ShellSession {
  service: SessionService;
  state: SessionState;
  /** Stores a fresh login token. */
  setToken(token: string): void;
}

export interface SessionDeps {
  /** The API client arrives after the session exists (it reads the token from it). */
  api(): ApiClient;
  platform: PlatformState;
  storage?: Storage;
}

export function createSession(deps: SessionDeps): ShellSession {
  const storage = deps.storage ?? localStorage;
  const state = proxy<SessionState>({
    token: readStoredToken(storage),
    user: null,
    defaultFolder: null,
    products: [],
  });

  const setToken = (token: string) => {
    state.token = token;
    try {
      if (token) storage.setItem(TOKEN_STORAGE_KEY, token);
      else storage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // Storage may be unavailable (private mode): the login lasts for this page.
    }
  };

  const loadDefaultFolder = async () => {
    const answer = await deps.api().call('/file/folder/list', {
      parent_id: ROOT_FOLDER_ID,
      page: { current_page: FIRST_PAGE, page_size: FOLDER_PAGE_SIZE },
    });
    if (answer.code !== ResponseCode.Success) return;
    const found = answer.data?.list?.find((folder) => folder.folder_type === FolderType.FromShare);
    state.defaultFolder = found ?? { ...VIRTUAL_DEFAULT_FOLDER };
  };

  const loadProducts = async () => {
    const appId = deps.platform.platform === 'ios' ? 1 : 2;
    const answer = await deps.api().call('/product/list', { app_id: appId });
    if (answer.code === ResponseCode.Success) state.products = answer.data?.vip_products ?? [];
  };

  const service: SessionService = {
    state,
    async refresh() {
      if (!state.token) return;
      try {
        const user = await deps.api().call('/user/info', {});
        if (user.code !== ResponseCode.Success) return;
        state.user = user.data;
        await Promise.all([loadDefaultFolder(), loadProducts()]);
      } catch {
        // Transport failures have been toasted by the API client; the page stays usable.
      }
    },
    clear() {
      setToken('');
      state.user = null;
      state.defaultFolder = null;
    },
  };
  return { service, state, setToken };
}
