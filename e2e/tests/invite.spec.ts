import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { appCalls, simulateApp } from '../support/app-bridge';
import { appSessionOf, TOKEN_STORAGE_KEY, type DemoAccount } from '../support/journeys';
import { platformOf } from '../support/platform';
import { startProduct, type RunningProduct } from '../support/product';

/**
 * The community invite page (issue 8), opened inside the mobile app: join, approve at the
 * community, come back to the reward; the reward once per app user and once per community
 * account; the page without the app; its languages; a foreign auth URL.
 */

const TITLE = 'Join the Nimbus community and claim your Premium reward';
const RECEIVED = 'You have already claimed this reward and cannot claim it again.';
const COMMUNITY_RECEIVED =
  'This community account has already claimed the reward and cannot claim it again.';
const NO_USER = 'Unable to obtain user information, please log in to the app first.';

/** Join now, approve the community account at the development provider, come back. */
async function joinAndApprove(page: Page, account: string): Promise<void> {
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('heading', { name: /Community: authorize Nimbus/ })).toBeVisible();
  await page.getByLabel(account).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/invite\?/);
}

test.describe('inside the app', () => {
  // The reward is once per user and once per community account across the database: each
  // platform gets its own product, and its journeys run one after the other.
  test.describe.configure({ mode: 'serial' });
  let product: RunningProduct | undefined;

  test.beforeAll(async () => {
    const testInfo = test.info();
    if (platformOf(testInfo) === 'other') return;
    testInfo.setTimeout(200_000);
    product = await startProduct({ env: { SIMULATED_BRIDGE: '1' } });
  });

  test.afterAll(async () => {
    await product?.stop();
  });

  test.beforeEach(() => {
    test.skip(platformOf(test.info()) === 'other', 'the invite page runs inside the mobile app');
  });

  /** A demo account signed in the way the app signs its users in: its user id and session. */
  const appUser = async (request: APIRequestContext, account: DemoAccount) => {
    if (!product) throw new Error('the product is up');
    const session = await appSessionOf(request, product.url, account);
    return { kind: 'server' as const, ...session };
  };

  test('joining claims the reward, the app is told, and a second visit says it was received', async ({
    page,
    request,
  }, testInfo) => {
    const platform = platformOf(testInfo) === 'android' ? 'android' : 'ios';
    if (!product) throw new Error('the product is up');
    const carol = await appUser(request, 'Carol');
    await simulateApp(page, platform, carol);
    await page.goto(`${product.url}/invite`);
    await joinAndApprove(page, 'nimbus_fan');

    await expect(page.getByRole('heading', { name: 'Reward Claimed Successfully!' })).toBeVisible();
    await expect(page.getByText('Community joined and reward issued!')).toBeVisible();
    await expect
      .poll(async () => (await appCalls(page)).filter((c) => c.method === 'onCommunityActSuccess'))
      .toEqual([{ method: 'onCommunityActSuccess', params: { userId: String(carol.userId) } }]);

    // The server granted it: the next visit says so, and Join now stays on the page.
    await page.goto(`${product.url}/invite`);
    await expect(page.getByRole('alert')).toHaveText(RECEIVED);
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByRole('alert')).toHaveText(RECEIVED);
    await expect(page).toHaveURL(`${product.url}/invite`);
  });

  test('a community account that already claimed cannot claim for a second app user', async ({
    browser,
    request,
  }, testInfo) => {
    const platform = platformOf(testInfo) === 'android' ? 'android' : 'ios';
    if (!product) throw new Error('the product is up');
    const first = await browser.newPage({ ...testInfo.project.use });
    await simulateApp(first, platform, await appUser(request, 'Alice'));
    await first.goto(`${product.url}/invite`);
    await joinAndApprove(first, 'cloud_lover');
    await expect(
      first.getByRole('heading', { name: 'Reward Claimed Successfully!' }),
    ).toBeVisible();
    await first.close();

    const second = await browser.newPage({ ...testInfo.project.use });
    await simulateApp(second, platform, await appUser(request, 'Bob'));
    await second.goto(`${product.url}/invite`);
    await joinAndApprove(second, 'cloud_lover');
    await expect(second.getByRole('alert')).toHaveText(COMMUNITY_RECEIVED);
    await expect(second.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(second).toHaveURL(`${product.url}/invite?lang=en`);
    expect((await appCalls(second)).map((c) => c.method)).not.toContain('onCommunityActSuccess');
    // Bob has no reward: Join now still leads to the community.
    await second.getByRole('button', { name: 'Join now' }).click();
    await expect(
      second.getByRole('heading', { name: /Community: authorize Nimbus/ }),
    ).toBeVisible();
    await second.close();
  });

  test("the simulated app (SIMULATED_BRIDGE=1) is the site's user, even before /user/info has answered", async ({
    page,
    request,
  }) => {
    if (!product) throw new Error('the product is up');
    // Signed in on the site: the simulated bridge plays that user as the app user.
    const sam = await appSessionOf(request, product.url, 'Sam');
    await page.addInitScript(
      ([key, token]) => localStorage.setItem(key as string, token as string),
      [TOKEN_STORAGE_KEY, sam.token],
    );
    // The site's user lookup answers late: the bridge must not depend on it.
    await page.route('**/api/user/info', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto(`${product.url}/invite`);
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByRole('heading', { name: /Community: authorize Nimbus/ })).toBeVisible();
    await expect(page.getByText(NO_USER)).toHaveCount(0);
  });
});

test('without the app the page asks to log in to the app first', async ({ page }) => {
  await page.goto('/invite');
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('alert')).toHaveText(NO_USER);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page).toHaveURL(/\/invite$/);
});

for (const { lang, title, join, headline, background } of [
  {
    lang: 'en',
    title: TITLE,
    join: 'Join now',
    headline: 'Join the community, get Premium free',
    background: /background-en\./,
  },
  {
    lang: 'zh',
    title: '加入 Nimbus 社区，领取高级会员奖励',
    join: '立即加入',
    headline: '加入社区 免费领高级会员',
    background: /background-zh\./,
  },
  {
    lang: 'zhCHS',
    title: '加入 Nimbus 社群，領取進階會員獎勵',
    join: '立即加入',
    headline: '加入社群 免費領進階會員',
    background: /background-zhCHS\./,
  },
]) {
  test(`the ${lang} page shows its texts and background`, async ({ page }) => {
    await page.goto(`/invite?lang=${lang}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: join })).toBeVisible();
    const image = page.getByRole('img', { name: headline });
    await expect(image).toHaveAttribute('src', background);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
  });
}

test('an auth URL on a foreign origin is not followed', async ({ page }, testInfo) => {
  const platform = platformOf(testInfo);
  await simulateApp(page, platform === 'ios' ? 'ios' : 'android', {
    kind: 'fixed',
    userId: 2,
    granted: false,
    token: 'an-app-session-token',
  });
  const foreign: string[] = [];
  await page.route('https://evil.example/**', async (route) => {
    foreign.push(route.request().url());
    await route.fulfill({ body: 'evil' });
  });
  await page.route('**/api/community_activity/discord/auth_url', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        code: 0,
        msg: 'success',
        data: { auth_url: 'https://evil.example/oauth2/authorize?steal=1' },
      }),
    }),
  );
  await page.goto('/invite');
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to join the community. Please try joining again.',
  );
  await expect(page).toHaveURL(/\/invite$/);
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  expect(foreign).toEqual([]);
});
