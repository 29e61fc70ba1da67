import { TIMEOUT_MESSAGE, type SiteLanguage, type ToastService } from 'shared-contracts';
import { fakeApiServer, ok, type FakeAnswer } from '../../testing/fake-api-server';
import { createApiClient } from './api-client';

function setup(answer: FakeAnswer, token = '', language: SiteLanguage = 'en') {
  const toasts: string[] = [];
  let hidden = 0;
  let cleared = 0;
  const toast: ToastService = {
    show: (text) => toasts.push(text),
    loading: () => undefined,
    hide: () => {
      hidden += 1;
    },
  };
  const server = fakeApiServer(() => answer);
  const api = createApiClient({
    config: { apiBaseUrl: '/api', community: 'discord' },
    toast,
    getToken: () => token,
    clearLogin: () => {
      cleared += 1;
    },
    language,
    adapter: server.adapter,
  });
  return {
    api,
    toasts,
    requests: server.requests,
    hidden: () => hidden,
    cleared: () => cleared,
  };
}

const envelope = (code: number, msg: string): FakeAnswer => ({ body: { code, msg, data: null } });

describe('API client', () => {
  it('posts JSON under the base URL with the app name and language headers', async () => {
    const { api, requests } = setup(ok({ id: 1 }));
    await api.call('/share/info', { share_url: 'https://x/s/abc' });
    expect(requests[0]).toMatchObject({
      url: '/api/share/info',
      body: { share_url: 'https://x/s/abc' },
    });
    expect(requests[0]?.headers['x-app-name']).toBe('web');
    expect(requests[0]?.headers['x-language']).toBe('en');
    expect(requests[0]?.headers['x-token']).toBeUndefined();
  });

  it("names the page's language in the language header", async () => {
    const { api, requests } = setup(ok(null), '', 'pt-BR');
    await api.call('/share/info', { share_url: 'https://x/s/abc' });
    expect(requests[0]?.headers['x-language']).toBe('pt-BR');
  });

  it('sends a call again after a 503 of a service away for a moment, with the same key', async () => {
    const unavailable: FakeAnswer = {
      status: 503,
      body: { code: 5003, msg: 'The service is briefly unavailable.', data: { retry_after: 0.01 } },
    };
    let answers = 0;
    const toasts: string[] = [];
    const server = fakeApiServer(() => (answers++ < 2 ? unavailable : ok({ folder_id: 7 })));
    const api = createApiClient({
      config: { apiBaseUrl: '/api', community: 'discord' },
      toast: { show: (text) => toasts.push(text), loading: () => undefined, hide: () => undefined },
      getToken: () => '',
      clearLogin: () => undefined,
      language: 'en',
      adapter: server.adapter,
    });
    const saved = await api.call('/file/folder/create', { folder_name: 'A', parent_id: 0 });
    expect(saved).toMatchObject({ code: 0, data: { folder_id: 7 } });
    const keys = server.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('shows the 503 message once the retries are spent', async () => {
    const { api, requests, toasts } = setup({
      status: 503,
      body: { code: 5003, msg: 'The service is briefly unavailable.', data: { retry_after: 0.01 } },
    });
    const answer = await api.call('/share/info', { share_url: 'demo-public' });
    expect(answer.code).toBe(5003);
    expect(requests).toHaveLength(3);
    expect(toasts).toEqual(['The service is briefly unavailable.']);
  });

  it('sends a new Idempotency-Key with every call, so a retried call is done once', async () => {
    const { api, requests } = setup(ok(null));
    await api.call('/file/folder/create', { folder_name: 'A', parent_id: 0 });
    await api.call('/file/folder/create', { folder_name: 'A', parent_id: 0 });
    const [first, second] = requests.map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('sends the stored token as X-Token', async () => {
    const { api, requests } = setup(ok(null), 'tok-123');
    await api.call('/user/info', {});
    expect(requests[0]?.headers['x-token']).toBe('tok-123');
  });

  it("sends a caller's own token instead, and a 2000 for it keeps the site's login", async () => {
    const { api, requests, cleared, toasts } = setup(
      envelope(2000, 'Please log in again'),
      'site-token',
    );
    const answer = await api.call('/user/info', {}, { token: 'app-user-token' });
    expect(requests[0]?.headers['x-token']).toBe('app-user-token');
    expect(answer.code).toBe(2000);
    expect(cleared()).toBe(0);
    expect(toasts).toEqual(['Please log in again']);
  });

  it('fills the community into community paths', async () => {
    const { api, requests } = setup(ok({ auth_url: 'https://a' }));
    await api.call('/community_activity/{community}/auth_url', {
      redirect_uri: 'https://r',
      addon_state: 'lang=en',
    });
    expect(requests[0]?.url).toBe('/api/community_activity/discord/auth_url');
  });

  it('resolves code 0 without a toast', async () => {
    const { api, toasts } = setup(ok({ id: 7 }));
    await expect(api.call('/share/report', { share_code: 'a', content: 'b' })).resolves.toEqual({
      code: 0,
      msg: 'success',
      data: { id: 7 },
    });
    expect(toasts).toEqual([]);
  });

  it.each([4001, 1000, 1001])('passes code %i to the caller without a toast', async (code) => {
    const { api, toasts, cleared } = setup(envelope(code, 'quiet'));
    const answer = await api.call('/share/save_file', {
      share_id: 1,
      share_code: 'abc',
      extract_code: '',
      folder_id: -1,
      file_ids: [1],
    });
    expect(answer.code).toBe(code);
    expect(toasts).toEqual([]);
    expect(cleared()).toBe(0);
  });

  it('on 2000 hides the message, clears the login and shows the server message', async () => {
    const { api, toasts, cleared, hidden } = setup(envelope(2000, 'Please log in again'));
    const answer = await api.call('/user/info', {});
    expect(answer.code).toBe(2000);
    expect(hidden()).toBeGreaterThan(0);
    expect(cleared()).toBe(1);
    expect(toasts).toEqual(['Please log in again']);
  });

  it('on any other code hides the loading message and shows the server message', async () => {
    const { api, toasts, hidden } = setup(envelope(4004, 'Share not found'));
    const answer = await api.call('/share/info', { share_url: 'x' });
    expect(answer).toEqual({ code: 4004, msg: 'Share not found', data: null });
    expect(hidden()).toBe(1);
    expect(toasts).toEqual(['Share not found']);
  });

  it('shows the message of a 429 answer and resolves its envelope', async () => {
    const { api, toasts } = setup({
      status: 429,
      body: { code: 4029, msg: 'Too many attempts, try again later', data: null },
    });
    const answer = await api.call('/share/detail', {
      share_id: 1,
      share_code: 'abc',
      extract_code: 'zzzz',
    });
    expect(answer.code).toBe(4029);
    expect(toasts).toEqual(['Too many attempts, try again later']);
  });

  it('on timeout shows the timeout message and rejects with kind timeout', async () => {
    const { api, toasts } = setup({ fail: 'timeout' });
    await expect(api.call('/user/info', {})).rejects.toMatchObject({
      name: 'ApiTransportError',
      kind: 'timeout',
      status: 0,
      message: TIMEOUT_MESSAGE,
    });
    expect(toasts).toEqual(['Request timed out, please try again later.']);
  });

  it('on a network error shows the error message and rejects', async () => {
    const { api, toasts } = setup({ fail: 'network' });
    await expect(api.call('/user/info', {})).rejects.toMatchObject({ kind: 'network' });
    expect(toasts).toEqual(['Network Error']);
  });

  it('rejects an HTTP error without an envelope with its status', async () => {
    const { api, toasts } = setup({ status: 502, body: '<html>bad gateway</html>' });
    await expect(api.call('/user/info', {})).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(toasts).toEqual(['Request failed with status code 502']);
  });

  it('leaves the codes a caller shows itself to the caller, but still says a timeout', async () => {
    const notFound = setup(envelope(4004, 'Share not found'));
    const answer = await notFound.api.call(
      '/share/info',
      { share_url: 'nope' },
      { quietCodes: [4004] },
    );
    expect(answer.code).toBe(4004);
    expect(notFound.toasts).toEqual([]);
    const otherCode = setup(envelope(5000, 'boom'));
    await otherCode.api.call('/share/info', { share_url: 'x' }, { quietCodes: [4004] });
    expect(otherCode.toasts).toEqual(['boom']);
    const timeout = setup({ fail: 'timeout' });
    await expect(
      timeout.api.call('/share/info', { share_url: 'x' }, { quietCodes: [4004] }),
    ).rejects.toMatchObject({ kind: 'timeout' });
    expect(timeout.toasts).toEqual([TIMEOUT_MESSAGE]);
  });

  it('shows nothing for a silent call (the event report)', async () => {
    const network = setup({ fail: 'network' });
    await expect(
      network.api.call(
        '/event/report',
        { event_name: 'x', content: '{}', sign: 's' },
        { silent: true },
      ),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(network.toasts).toEqual([]);
    const coded = setup(envelope(5000, 'boom'));
    await coded.api.call(
      '/event/report',
      { event_name: 'x', content: '{}', sign: 's' },
      { silent: true },
    );
    expect(coded.toasts).toEqual([]);
  });
  it("sends its first call in a task after the one that brought axios's code (two short tasks on a slow phone)", async () => {
    const { api, requests } = setup(ok(null));
    const call = api.call('/share/info', { share_url: 'https://x/s/abc' });
    // Everything the same task could still run: the chunk's arrival and any promise after it.
    for (let turn = 0; turn < 500; turn += 1) await Promise.resolve();
    expect(requests).toHaveLength(0);
    await call;
    expect(requests).toHaveLength(1);
  });
});
