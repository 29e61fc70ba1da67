import type { ApiEnvelope, ShareInfo, SharedItem, UserInfo } from 'shared-contracts';

export function ok<T>(data: T): ApiEnvelope<T> {
  return { code: 0, msg: 'ok', data };
}

export function fail<T = null>(code: number, msg = 'failed'): ApiEnvelope<T> {
  return { code, msg, data: null as T };
}

export const SHARER_ID = 7;

export function shareInfo(overrides: Partial<ShareInfo> = {}): ShareInfo {
  return {
    id: 11,
    share_code: 'demo-public',
    share_name: 'Holiday',
    file_count: 8,
    total_size: 36_909_875,
    share_type: 1,
    status: 1,
    user_info: { id: SHARER_ID, nick_name: 'Sam', avatar: 'https://cdn.example.com/sam.png' },
    expiry_time: 0,
    ...overrides,
  };
}

let nextId = 100;
export function item(overrides: Partial<SharedItem> = {}): SharedItem {
  nextId += 1;
  return {
    id: nextId,
    name: `file-${nextId}.pdf`,
    thumb_url: '',
    download_url: '',
    is_m3u8: 0,
    duration: 0,
    total_size: 2048,
    create_time: 1_700_000_000,
    update_time: 0,
    media_type: 9,
    is_folder: 0,
    ...overrides,
  };
}

export function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    user_id: 42,
    nick_name: 'Carol',
    avatar: '',
    user_storage: { max_storage: 10, available_storage: 5, max_offline_file_size: 1 },
    user_identity: { identity_type: 1, vip_expiry_time: 0 },
    ...overrides,
  };
}

/** jsdom has no window.scrollTo; the page-scroll virtualizer calls it. */
export function stubWindowScroll() {
  Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });
}
