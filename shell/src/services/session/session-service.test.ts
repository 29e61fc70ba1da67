import { proxy } from 'valtio';
import type { ApiClient, PlatformState } from 'shared-contracts';
import { createApiClient } from '../api/api-client';
import { fakeApiServer, ok, type FakeRequest } from '../../testing/fake-api-server';
import { createSession, TOKEN_STORAGE_KEY, VIRTUAL_DEFAULT_FOLDER } from './session-service';
import { CAROL } from '../../testing/signed-in-user';

const FROM_SHARE = {
  id: 9,
  name: 'From Share',
  parent_id: 0,
  update_time: 1,
  folder_type: 3,
  subfolder_num: 0,
};
const PLAN = {
  price: 9.99,
  cycle_type: 1,
  cycle_num: 1,
  is_default: 1 as const,
  third_product_id: 'm1',
  name: 'Monthly',
  discount_price: 0,
};

function setup(platform: PlatformState['platform'], folders: unknown[]) {
  localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-token');
  const server = fakeApiServer((request: FakeRequest) => {
    if (request.url.endsWith('/user/info')) return ok(CAROL);
    if (request.url.endsWith('/file/folder/list'))
      return ok({ list: folders, total: folders.length });
    if (request.url.endsWith('/product/list')) return ok({ vip_products: [PLAN] });
    return { status: 404, body: 'no' };
  });
  let api: ApiClient | null = null;
  const session = createSession({ api: () => api as ApiClient, platform: proxy({ platform }) });
  api = createApiClient({
    config: { apiBaseUrl: '/api', community: 'discord' },
    toast: { show: () => undefined, loading: () => undefined, hide: () => undefined },
    getToken: () => session.state.token,
    clearLogin: () => session.service.clear(),
    language: 'en',
    adapter: server.adapter,
  });
  return { session, requests: server.requests };
}

describe('session', () => {
  afterEach(() => localStorage.clear());

  it('reads the stored token and fetches the user, the default folder and the products', async () => {
    const { session, requests } = setup('android', [
      { ...FROM_SHARE, id: 3, folder_type: 1 },
      FROM_SHARE,
    ]);
    expect(session.state.token).toBe('stored-token');
    await session.service.refresh();
    expect(session.state.user).toEqual(CAROL);
    expect(session.state.defaultFolder).toEqual(FROM_SHARE);
    expect(session.state.products).toEqual([PLAN]);
    expect(requests.find((r) => r.url.endsWith('/file/folder/list'))?.body).toEqual({
      parent_id: 0,
      page: { current_page: 1, page_size: 50 },
    });
    expect(requests.find((r) => r.url.endsWith('/product/list'))?.body).toEqual({ app_id: 2 });
    expect(requests[0]?.headers['x-token']).toBe('stored-token');
  });

  it('uses the virtual From Share folder when there is none, and app_id 1 on iOS', async () => {
    const { session, requests } = setup('ios', []);
    await session.service.refresh();
    expect(session.state.defaultFolder).toEqual(VIRTUAL_DEFAULT_FOLDER);
    expect(session.state.defaultFolder).toMatchObject({
      id: -1,
      name: 'From Share',
      folder_type: 3,
    });
    expect(requests.find((r) => r.url.endsWith('/product/list'))?.body).toEqual({ app_id: 1 });
  });

  it('does nothing without a token', async () => {
    const { session, requests } = setup('other', []);
    session.service.clear();
    await session.service.refresh();
    expect(requests).toHaveLength(0);
  });

  it('stores a new token and clears the login', () => {
    const { session } = setup('other', []);
    session.setToken('fresh');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh');
    session.state.user = CAROL;
    session.service.clear();
    expect(session.state).toMatchObject({ token: '', user: null, defaultFolder: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
