import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppUserInfo, InviteLanguage } from 'shared-contracts';
import { createFakeHost, type ApiHandlers, type FakeHostOptions } from 'shared-contracts/testing';
import { FAILURE_FLAG_KEY } from '../flow';
import type { InviteBrowser } from '../hooks/invite-browser';
import { InviteView } from './invite-view';

const ANDROID_USER: AppUserInfo = {
  user_id: 42,
  token: 'app-user-token',
  user_community_activity_reward: { has_granted_discord_reward: false },
};

function fakeBrowser(search = '', language = 'en-US') {
  const storage = new Map<string, string>();
  const browser: InviteBrowser & { assigned: string[]; replaced: string[] } = {
    search,
    origin: 'http://localhost',
    pathname: '/invite',
    language,
    assigned: [],
    replaced: [],
    assign(url) {
      browser.assigned.push(url);
    },
    replace(url) {
      browser.replaced.push(url);
    },
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  };
  return { browser, storage };
}

interface SetupOptions {
  search?: string;
  browserLanguage?: string;
  /** What the bridge answers, in order (the last repeats); null rejects like off-app. */
  users?: (AppUserInfo | null)[];
  api?: ApiHandlers;
  failureFlag?: string;
  host?: Partial<FakeHostOptions>;
}

function setup(options: SetupOptions = {}) {
  const users = options.users ?? [ANDROID_USER];
  let reads = 0;
  const successes: string[] = [];
  const fake = createFakeHost({
    api: options.api,
    appBridge: {
      getUserInfo: () => {
        const info = users[Math.min(reads, users.length - 1)] ?? null;
        reads += 1;
        return info ? Promise.resolve(info) : Promise.reject(new Error('not support platform'));
      },
      onCommunityActSuccess: async (userId) => {
        successes.push(userId);
      },
    },
    ...options.host,
  });
  const { browser, storage } = fakeBrowser(options.search, options.browserLanguage);
  if (options.failureFlag !== undefined) storage.set(FAILURE_FLAG_KEY, options.failureFlag);
  render(<InviteView host={fake.host} browser={browser} />);
  return { ...fake, browser, storage, successes, readCount: () => reads };
}

const eventNames = (record: ReturnType<typeof createFakeHost>['record']) =>
  record.events.map((event) => event.name);

async function readyJoinButton(name = 'Join now') {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('InviteView: the card', () => {
  it('shows the title, three steps and the join button, and reports the visit', async () => {
    const { record } = setup();
    expect(
      screen.getByRole('heading', {
        name: 'Join the Nimbus community and claim your Premium reward',
      }),
    ).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'How to claim' });
    expect(steps.querySelectorAll('li')).toHaveLength(3);
    expect(
      screen.getByText('Tap "Join now" and sign in to your community account'),
    ).toBeInTheDocument();
    expect(screen.getByText('Authorize Nimbus and join our community server')).toBeInTheDocument();
    expect(
      screen.getByText('Come back to the app: your Premium reward is issued automatically'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Join the community, get Premium free' }),
    ).toBeInTheDocument();
    await readyJoinButton();
    expect(eventNames(record)).toEqual(['community_vip_enter']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[InviteLanguage, string, string, string, string]>([
    ['zh', '?lang=zh', '加入 Nimbus 社区，领取高级会员奖励', '立即加入', '加入社区 免费领高级会员'],
    [
      'zhCHS',
      '?lang=zhCHS',
      '加入 Nimbus 社群，領取進階會員獎勵',
      '立即加入',
      '加入社群 免費領進階會員',
    ],
    [
      'en',
      '?lang=en',
      'Join the Nimbus community and claim your Premium reward',
      'Join now',
      'Join the community, get Premium free',
    ],
  ])('speaks %s', async (language, search, title, join, headline) => {
    const { record } = setup({ search, browserLanguage: 'fr-FR' });
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    // The document too: its language for a screen reader, its title for the tab.
    expect(record.languages).toEqual([{ zh: 'zh-Hans', zhCHS: 'zh-Hant', en: 'en' }[language]]);
    expect(record.titles).toEqual([title]);
    expect(screen.getByRole('img', { name: headline })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('data-language', language);
    await readyJoinButton(join);
  });

  it('takes the language from the browser without a parameter', async () => {
    setup({ browserLanguage: 'zh-HK' });
    expect(screen.getByRole('main')).toHaveAttribute('lang', 'zh-Hant');
    await readyJoinButton('立即加入');
  });

  it('takes the language from the state parameter before the lang parameter', async () => {
    setup({
      search: '?code=c&state=lang%3Dzh%26n%3D1&lang=en',
      users: [ANDROID_USER],
      api: {
        '/community_activity/{community}/oauth/callback': () => new Promise(() => undefined),
      },
    });
    expect(
      await screen.findByRole('heading', { name: '正在检查社区加入状态...' }),
    ).toBeInTheDocument();
  });
});

describe('InviteView: the join button', () => {
  it('requests the auth URL and navigates to an allowed origin', async () => {
    const user = userEvent.setup();
    const { record, browser } = setup({
      search: '?lang=zh',
      api: {
        '/community_activity/{community}/auth_url': () => ({
          code: 0,
          msg: 'ok',
          data: { auth_url: 'http://localhost/dev/community/authorize?state=abc' },
        }),
      },
    });
    await user.click(await readyJoinButton('立即加入'));
    await waitFor(() =>
      expect(browser.assigned).toEqual(['http://localhost/dev/community/authorize?state=abc']),
    );
    expect(record.apiCalls).toEqual([
      {
        path: '/community_activity/{community}/auth_url',
        body: { redirect_uri: 'http://localhost/invite', addon_state: 'lang=zh' },
        token: 'app-user-token',
      },
    ]);
    expect(eventNames(record)).toEqual(['community_vip_enter', 'community_vip2', 'community_vip4']);
  });

  it('does not navigate to an origin off the allow list', async () => {
    const user = userEvent.setup();
    const { browser, record } = setup({
      api: {
        '/community_activity/{community}/auth_url': () => ({
          code: 0,
          msg: 'ok',
          data: { auth_url: 'https://evil.example/authorize' },
        }),
      },
    });
    await user.click(await readyJoinButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to join the community. Please try joining again.',
    );
    expect(browser.assigned).toEqual([]);
    expect(eventNames(record)).toContain('community_vip_fail');
    expect(screen.getByRole('button', { name: 'Join now' })).toBeEnabled();
  });

  it('shows the default error when the auth URL request fails', async () => {
    const user = userEvent.setup();
    const { browser } = setup({
      api: {
        '/community_activity/{community}/auth_url': () => ({
          code: 5000,
          msg: 'boom',
          data: { auth_url: '' },
        }),
      },
    });
    await user.click(await readyJoinButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to join the community. Please try joining again.',
    );
    expect(browser.assigned).toEqual([]);
  });

  it('is blocked with "noUser" off the app', async () => {
    const user = userEvent.setup();
    const { record } = setup({ users: [null] });
    await user.click(await readyJoinButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unable to obtain user information, please log in to the app first.',
    );
    expect(record.apiCalls).toEqual([]);
  });

  it('is blocked with "received" once the reward was granted (iOS shape)', async () => {
    const user = userEvent.setup();
    const { record } = setup({ users: [{ user_id: 5, has_granted_discord_reward: true }] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already claimed this reward and cannot claim it again.',
    );
    await user.click(await readyJoinButton());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You have already claimed this reward and cannot claim it again.',
    );
    expect(record.apiCalls).toEqual([]);
  });
});

describe('InviteView: back from the community', () => {
  const callbackSearch = '?code=the-code&state=lang%3DzhCHS%26n%3D1';

  it('shows the loading state with the UID and the tip while the callback runs', async () => {
    setup({
      search: callbackSearch,
      api: {
        '/community_activity/{community}/oauth/callback': () => new Promise(() => undefined),
      },
    });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('正在檢查社群加入狀態...');
    expect(await screen.findByText('使用者 UID：42')).toBeInTheDocument();
    expect(
      screen.getByText('帳號驗證通過後，獎勵將自動發放。如未收到，請重新啟動 App 後再次查看。'),
    ).toBeInTheDocument();
  });

  it('shows success, tells the app and re-reads the user on code 0', async () => {
    const { record, successes, readCount } = setup({
      search: '?code=the-code&state=lang%3Den',
      users: [
        ANDROID_USER,
        { user_id: 42, user_community_activity_reward: { has_granted_discord_reward: true } },
      ],
      api: {
        '/community_activity/{community}/oauth/callback': () => ({
          code: 0,
          msg: 'ok',
          data: { user_info: { id: '42' } },
        }),
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Reward Claimed Successfully!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Community joined and reward issued!')).toBeInTheDocument();
    expect(
      screen.getByText('Tap "Cloud" at bottom to check membership status.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Rewards are sent automatically after account verification. If you have not received yours, restart the app and check again.',
      ),
    ).toBeInTheDocument();
    expect(record.apiCalls).toEqual([
      {
        path: '/community_activity/{community}/oauth/callback',
        body: {
          code: 'the-code',
          state: 'lang=en',
          user_id: 42,
          activity_id: 1,
          redirect_uri: 'http://localhost/invite',
        },
        token: 'app-user-token',
      },
    ]);
    expect(successes).toEqual(['42']);
    await waitFor(() => expect(readCount()).toBe(2));
    expect(eventNames(record)).toEqual([
      'community_vip_enter',
      'community_vip5',
      'community_vip_success',
    ]);
  });

  it.each([
    ['zh', '奖励领取成功！', '已加入社区，奖励已发放！', '点击底部的“云盘”查看会员状态。'],
    ['zhCHS', '獎勵領取成功！', '已加入社群，獎勵已發放！', '點擊底部的「雲端」查看會員狀態。'],
  ])('shows success in %s', async (language, title, message, description) => {
    setup({
      search: `?code=c&state=lang%3D${language}`,
      api: {
        '/community_activity/{community}/oauth/callback': () => ({
          code: 0,
          msg: 'ok',
          data: { user_info: { id: '42' } },
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });

  it('stores the failure and reloads with only the language on another code', async () => {
    const { browser, storage, record } = setup({
      search: callbackSearch,
      api: {
        '/community_activity/{community}/oauth/callback': () => ({
          code: 1001,
          msg: 'claimed',
          data: { user_info: { id: '' } },
        }),
      },
    });
    await waitFor(() => expect(browser.replaced).toEqual(['/invite?lang=zhCHS']));
    expect(storage.get(FAILURE_FLAG_KEY)).toBe('1001');
    expect(eventNames(record)).toContain('community_vip_fail');
  });

  it('treats a failed callback request as a failure too', async () => {
    const { browser, storage } = setup({
      search: callbackSearch,
      api: {
        '/community_activity/{community}/oauth/callback': () =>
          Promise.reject(new Error('timeout')),
      },
    });
    await waitFor(() => expect(browser.replaced).toEqual(['/invite?lang=zhCHS']));
    expect(storage.get(FAILURE_FLAG_KEY)).toBe('1000');
  });

  it('shows "noUser" without a user id and calls nothing', async () => {
    const { record } = setup({ search: callbackSearch, users: [null] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '無法取得使用者資訊，請先登入 App。',
    );
    expect(screen.getByRole('button', { name: '立即加入' })).toBeInTheDocument();
    expect(record.apiCalls).toEqual([]);
  });

  it('shows "noUser" and calls nothing when the app gives no session token to prove its user', async () => {
    const { record } = setup({ search: callbackSearch, users: [{ user_id: 42 }] });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '無法取得使用者資訊，請先登入 App。',
    );
    expect(record.apiCalls).toEqual([]);
  });

  it('shows "received" and stops when the reward was granted already', async () => {
    const { record } = setup({
      search: '?code=c&state=lang%3Dzh',
      users: [
        { user_id: 42, user_community_activity_reward: { has_granted_discord_reward: true } },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('你已领取过该奖励，无法重复领取。');
    expect(record.apiCalls).toEqual([]);
  });
});

describe('InviteView: after a failed attempt', () => {
  it.each([
    [
      '1001',
      '?lang=en',
      'This community account has already claimed the reward and cannot claim it again.',
    ],
    ['1000', '?lang=en', 'Failed to join the community. Please try joining again.'],
    ['5000', '?lang=zh', '加入社区失败，请重新尝试加入。'],
    ['1001', '?lang=zhCHS', '此社群帳號已領取過獎勵，無法重複領取。'],
  ])('shows the message of code %s (%s) once and clears the flag', async (code, search, text) => {
    const { storage, record } = setup({
      search,
      failureFlag: code,
      users: [{ user_id: 42, has_granted_discord_reward: true }],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(storage.has(FAILURE_FLAG_KEY)).toBe(false);
    // Step 2 stops the flow: the granted reward is not reported over the failure.
    expect(screen.getByRole('alert')).not.toHaveTextContent(/already claimed this reward/);
    expect(record.apiCalls).toEqual([]);
    expect(await screen.findByRole('button')).toBeInTheDocument();
  });
});
