import { type SharedItem, type ShareInfo } from 'shared-contracts';
import {
  SHARE_ANSWERS_ELEMENT_ID,
  type RuntimeConfig,
  type ShareAnswersInPage,
} from 'shared-contracts/page';
import { readShareAnswers, readShareNotFound, startSharePrefetch } from './share-prefetch';

const config = { apiBaseUrl: '/api', community: 'discord' } as RuntimeConfig;
const page = (pathname: string) => ({ origin: 'https://nimbus.test', pathname });

const shareInfo = (overrides: Partial<ShareInfo> = {}): ShareInfo => ({
  id: 7,
  share_code: 'demo-public',
  share_name: 'Trip',
  file_count: 8,
  total_size: 36_909_875,
  share_type: 1,
  status: 1,
  user_info: { id: 1, nick_name: 'Sam', avatar: '' },
  expiry_time: 0,
  ...overrides,
});

interface Sent {
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers `fetch` per path; records what was sent. */
function fakeFetch(answers: Record<string, unknown>) {
  const sent: Sent[] = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    sent.push({
      url: path,
      body: JSON.parse(String(init?.body)),
      headers: init?.headers as Record<string, string>,
    });
    const answer = answers[path];
    if (answer instanceof Error) throw answer;
    return { ok: true, status: 200, json: async () => answer } as Response;
  });
  return sent;
}

const success = (data: unknown) => ({ code: 0, msg: 'success', data });

describe('share prefetch', () => {
  it('requests the info, then the root list of a public share, before the app has loaded', async () => {
    const files = [{ id: 1, name: 'a.jpg' }];
    const sent = fakeFetch({
      '/api/share/info': success(shareInfo()),
      '/api/share/detail': success({ file_list: files }),
    });
    const prefetch = startSharePrefetch(config, 'en', page('/s/demo-public'));
    const taken = prefetch.take('https://nimbus.test/s/demo-public');
    expect(await taken?.info).toEqual(shareInfo());
    expect(await taken?.rootList).toEqual(files);
    expect(sent.map(({ url, body }) => ({ url, body }))).toEqual([
      { url: '/api/share/info', body: { share_url: 'https://nimbus.test/s/demo-public' } },
      {
        url: '/api/share/detail',
        body: {
          share_id: 7,
          share_code: 'demo-public',
          extract_code: '',
          page: { current_page: 1, page_size: 1000 },
        },
      },
    ]);
    expect(sent[0]?.headers).toMatchObject({ 'X-App-Name': 'web', 'X-Language': 'en' });
  });

  it("names the page's language in both calls", async () => {
    const sent = fakeFetch({
      '/api/share/info': success(shareInfo()),
      '/api/share/detail': success({ file_list: [] }),
    });
    const taken = startSharePrefetch(config, 'ar', page('/s/demo-public')).take(
      'https://nimbus.test/s/demo-public',
    );
    await taken?.rootList;
    expect(sent.map(({ headers }) => headers['X-Language'])).toEqual(['ar', 'ar']);
  });

  it('hands over no root list when the root is longer than one page', async () => {
    fakeFetch({
      '/api/share/info': success(shareInfo()),
      '/api/share/detail': success({ file_list: [], total: 1500 }),
    });
    const prefetch = startSharePrefetch(config, 'en', page('/s/demo-public'));
    const taken = prefetch.take('https://nimbus.test/s/demo-public');
    expect(await taken?.rootList).toBeNull();
  });

  it('hands its answers out once, and only for the page it was started on', () => {
    fakeFetch({ '/api/share/info': success(shareInfo()) });
    const prefetch = startSharePrefetch(config, 'en', page('/s/demo-public'));
    expect(prefetch.take('https://nimbus.test/s/other')).toBeNull();
    expect(prefetch.take('https://nimbus.test/s/demo-public')).not.toBeNull();
    expect(prefetch.take('https://nimbus.test/s/demo-public')).toBeNull();
  });

  it("names the share by its page's address, whatever the trailing slash", async () => {
    const sent = fakeFetch({ '/api/share/info': success(shareInfo()) });
    const prefetch = startSharePrefetch(config, 'en', page('/s/demo-public/'));
    expect(prefetch.take('https://nimbus.test/s/demo-public')).not.toBeNull();
    expect(sent[0]?.body).toEqual({ share_url: 'https://nimbus.test/s/demo-public' });
  });

  it('does not list a protected or closed share', async () => {
    for (const info of [shareInfo({ share_type: 2 }), shareInfo({ status: 3 })]) {
      const sent = fakeFetch({ '/api/share/info': success(info) });
      const taken = startSharePrefetch(config, 'en', page('/s/x')).take('https://nimbus.test/s/x');
      expect(await taken?.rootList).toBeNull();
      expect(sent.map(({ url }) => url)).toEqual(['/api/share/info']);
    }
  });

  it('hands over null for an error code or a failed request, so the viewer asks itself', async () => {
    fakeFetch({ '/api/share/info': { code: 4004, msg: 'Share not found', data: null } });
    let taken = startSharePrefetch(config, 'en', page('/s/x')).take('https://nimbus.test/s/x');
    expect(await taken?.info).toBeNull();
    expect(await taken?.rootList).toBeNull();

    fakeFetch({ '/api/share/info': new TypeError('Failed to fetch') });
    taken = startSharePrefetch(config, 'en', page('/s/x')).take('https://nimbus.test/s/x');
    expect(await taken?.info).toBeNull();
  });

  it('says when the answer did not come in time, so the viewer does not wait twice', async () => {
    fakeFetch({ '/api/share/info': new DOMException('signal timed out', 'TimeoutError') });
    const taken = startSharePrefetch(config, 'en', page('/s/x')).take('https://nimbus.test/s/x');
    expect(await taken?.info).toBe('timeout');
    expect(await taken?.rootList).toBeNull();
  });

  it('requests nothing on other pages or without a usable page config', () => {
    const sent = fakeFetch({});
    expect(
      startSharePrefetch(config, 'en', page('/invite')).take('https://nimbus.test/invite'),
    ).toBeNull();
    expect(startSharePrefetch(null, 'en', page('/s/x')).take('https://nimbus.test/s/x')).toBeNull();
    expect(sent).toEqual([]);
  });

  describe('with the answers the server wrote into the page', () => {
    const files = [{ id: 1, name: 'a.jpg' }] as SharedItem[];
    const inPage = (overrides: Partial<ShareAnswersInPage> = {}): ShareAnswersInPage => ({
      share_code: 'demo-public',
      info: shareInfo(),
      root_list: files,
      ...overrides,
    });

    it('uses them without a request, and offers them for the first render until taken', async () => {
      const sent = fakeFetch({});
      const url = 'https://nimbus.test/s/demo-public';
      const prefetch = startSharePrefetch(config, 'en', page('/s/demo-public'), inPage());
      expect(prefetch.firstScreen?.(url)).toEqual({ info: shareInfo(), rootList: files });
      expect(prefetch.firstScreen?.('https://nimbus.test/s/other')).toBeNull();
      const taken = prefetch.take(url);
      expect(await taken?.info).toEqual(shareInfo());
      expect(await taken?.rootList).toEqual(files);
      expect(prefetch.firstScreen?.(url)).toBeNull();
      expect(sent).toEqual([]);
    });

    it('requests the root list the page did not carry (a long root)', async () => {
      const sent = fakeFetch({ '/api/share/detail': success({ file_list: files }) });
      const url = 'https://nimbus.test/s/demo-public';
      const prefetch = startSharePrefetch(
        config,
        'en',
        page('/s/demo-public'),
        inPage({ root_list: null }),
      );
      expect(prefetch.firstScreen?.(url)).toBeNull();
      expect(await prefetch.take(url)?.rootList).toEqual(files);
      expect(sent.map(({ url: path }) => path)).toEqual(['/api/share/detail']);
    });

    it("ignores answers written for another share's page", async () => {
      const sent = fakeFetch({ '/api/share/info': success(shareInfo({ id: 9 })) });
      const prefetch = startSharePrefetch(
        config,
        'en',
        page('/s/other'),
        inPage({ share_code: 'demo-public' }),
      );
      expect(prefetch.firstScreen?.('https://nimbus.test/s/other')).toBeNull();
      expect(await prefetch.take('https://nimbus.test/s/other')?.info).toEqual(
        shareInfo({ id: 9 }),
      );
      expect(sent.map(({ url }) => url)).toContain('/api/share/info');
    });

    it("offers a protected or closed share's info for the screen the page painted", () => {
      fakeFetch({});
      const url = 'https://nimbus.test/s/demo-public';
      const locked = shareInfo({ share_type: 2 });
      const prefetch = startSharePrefetch(
        config,
        'en',
        page('/s/demo-public'),
        inPage({ info: locked, root_list: null }),
      );
      expect(prefetch.pageInfo?.(url)).toEqual(locked);
      expect(prefetch.pageInfo?.('https://nimbus.test/s/other')).toBeNull();
      prefetch.take(url);
      expect(prefetch.pageInfo?.(url)).toBeNull();
      // A page with its list has its first screen instead.
      const listed = startSharePrefetch(config, 'en', page('/s/demo-public'), inPage());
      expect(listed.pageInfo?.(url)).toBeNull();
    });

    it('asks nothing for a code the page said names no share, and says so', async () => {
      const sent = fakeFetch({});
      const url = 'https://nimbus.test/s/nope';
      const prefetch = startSharePrefetch(config, 'en', page('/s/nope'), null, 'nope');
      expect(prefetch.pageInfo?.(url)).toBe('not-found');
      expect(await prefetch.take(url)?.info).toBeNull();
      expect(sent).toEqual([]);
      // Said of another code, it is not this page's.
      fakeFetch({ '/api/share/info': success(shareInfo()) });
      expect(
        startSharePrefetch(config, 'en', page('/s/other'), null, 'nope').pageInfo?.(url),
      ).toBeNull();
    });

    it('reads a code that names no share from the same element', () => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = SHARE_ANSWERS_ELEMENT_ID;
      script.textContent = JSON.stringify({ share_code: 'nope', not_found: true });
      document.body.append(script);
      expect(readShareNotFound()).toBe('nope');
      expect(readShareAnswers()).toBeNull();
      script.textContent = JSON.stringify(inPage());
      expect(readShareNotFound()).toBeNull();
      script.remove();
      expect(readShareNotFound()).toBeNull();
    });

    it('reads them from their script element, and ignores one that does not parse', () => {
      const script = document.createElement('script');
      script.type = 'application/json';
      script.id = SHARE_ANSWERS_ELEMENT_ID;
      script.textContent = JSON.stringify(inPage());
      document.body.append(script);
      expect(readShareAnswers()).toEqual(inPage());
      script.textContent = '{"share_code":';
      expect(readShareAnswers()).toBeNull();
      script.textContent = '{"info":null}';
      expect(readShareAnswers()).toBeNull();
      script.remove();
      expect(readShareAnswers()).toBeNull();
    });
  });
});
