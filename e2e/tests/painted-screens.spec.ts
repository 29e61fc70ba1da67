import { expect, test, type Page } from '@playwright/test';
import { firstRenderOver, holdScripts } from '../support/first-render';

/**
 * Issue 30, "every page paints early": a protected share's code prompt, a closed share's status
 * view and the not-found view are painted by the server (docs/performance.md, "Screens without a
 * list"), before any script has run; what a visitor types or taps there before the app runs is
 * kept for it.
 */

const FILE_SUMMARY = /Total \d+ file\(s\)|\d+ file\(s\) selected/;

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Extract code' });
const painted = (page: Page) => page.locator('#app [data-first-screen]');

test('the extract-code screen is painted before any script has run', async ({ page }) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/s/demo-private', { waitUntil: 'commit' });
  await expect(painted(page)).toHaveCount(1);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sam has shared files with you' }),
  ).toBeVisible();
  await expect(codeField(page)).toBeVisible();
  await expect(codeField(page)).toHaveAttribute('placeholder', 'Please enter the extract code');
  await expect(page.getByRole('button', { name: 'Extract file' })).toBeVisible();
  await expect(page).toHaveTitle('Enter the extract code · Nimbus');

  releaseScripts();
  await expect(painted(page)).toHaveCount(0);
  await expect(codeField(page)).toBeVisible();
  await expect(page).toHaveTitle('Enter the extract code · Nimbus');
});

/** Opens the code prompt with the app's scripts held back and types the right code into it. */
async function typeCodeBeforeTheApp(page: Page): Promise<() => void> {
  const releaseScripts = await holdScripts(page);
  await page.goto('/s/demo-private', { waitUntil: 'commit' });
  await codeField(page).click();
  await codeField(page).pressSequentially('ab12');
  return releaseScripts;
}

test("a code typed before the app runs is in the app's field, focused, and opens the share", async ({
  page,
}) => {
  const releaseScripts = await typeCodeBeforeTheApp(page);
  await expect(painted(page)).toHaveCount(1);

  releaseScripts();
  await expect(painted(page)).toHaveCount(0);
  await expect(codeField(page)).toHaveValue('ab12');
  await expect(codeField(page)).toBeFocused();
  // The app's field: it has its clear button now, and Enter submits the code.
  await expect(page.getByRole('button', { name: 'Clear extract code' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
});

test("'Extract file' pressed before the app runs opens the share once it does", async ({
  page,
}) => {
  const releaseScripts = await typeCodeBeforeTheApp(page);
  await page.getByRole('button', { name: 'Extract file' }).click();
  // Taken, not acted on: the page stays, with its painted prompt.
  await expect(painted(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Extract file' })).toHaveAttribute(
    'data-tap-kept',
    '',
  );

  releaseScripts();
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
});

for (const [address, heading, title] of [
  ['/s/demo-expired', 'Share expired', 'Share expired'],
  ['/s/demo-canceled', 'Share canceled', 'Share canceled'],
  ['/s/demo-deleted', 'The file has been deleted by the sharer', 'Share deleted'],
  ['/s/no-such-share', '404 - Page Not Found', 'Page not found'],
] as const) {
  test(`${address} shows its message without any script`, async ({ page }) => {
    await page.route(/\.js$/, (route) => route.abort());
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Nimbus`);
    for (const store of ['Android store', 'iOS store']) {
      await expect(page.getByRole('link', { name: store })).toBeVisible();
      await expect(page.getByRole('img', { name: `QR code of the ${store}` })).toBeVisible();
    }
  });
}

/**
 * As the guard of the list's first screen (performance.spec.ts): the app's first render paints
 * what the server painted, or the page jumps as the app takes over. Ids are compared by where
 * they are used: React names the prompt's field differently on the server and in the browser.
 */
for (const address of ['/s/demo-private', '/s/demo-expired', '/s/no-such-share']) {
  test(`the app's first render of ${address} has the markup the server painted`, async ({
    page,
  }) => {
    const { serverScreen, firstRender } = await firstRenderOver(page, address);
    expect(serverScreen).toContain('<h1 ');
    expect(firstRender).toBe(serverScreen);
  });
}

/**
 * The invite page (issue 30): painted by the server in the page's language (here `?lang=zh`),
 * before the app's scripts run; its join button disabled, as the app's first render has it (no
 * app user yet), so no tap waits for the app.
 */
const INVITE_TITLE = '加入 Nimbus 社区，领取高级会员奖励';

test('the invite page is painted in its language before any script has run, then works', async ({
  page,
}) => {
  const releaseScripts = await holdScripts(page);
  await page.goto('/invite?lang=zh', { waitUntil: 'commit' });
  await expect(painted(page)).toHaveCount(1);
  const title = page.getByRole('heading', { level: 1, name: INVITE_TITLE });
  await expect(title).toBeVisible();
  await expect(page.getByRole('list', { name: '领取步骤' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('img', { name: '加入社区 免费领高级会员' })).toBeVisible();
  const join = page.getByRole('button', { name: '立即加入' });
  await expect(join).toBeDisabled();
  await expect(page).toHaveTitle(INVITE_TITLE);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');

  releaseScripts();
  await expect(painted(page)).toHaveCount(0);
  await expect(title).toBeVisible();
  // The app's page: outside the mobile app there is no app user, which Join now says.
  await expect(join).toBeEnabled();
  await join.click();
  await expect(page.getByRole('alert')).toHaveText('无法获取用户信息，请先登录 App。');
  await expect(page).toHaveTitle(INVITE_TITLE);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
});

test("the invite page's first render in the app has the markup the server painted", async ({
  page,
}) => {
  const { serverScreen, firstRender } = await firstRenderOver(page, '/invite?lang=zhCHS', {
    painted: ':scope > [data-first-screen] > main.invite',
    rendered: ':scope > .nb-invite > main.invite',
  });
  expect(serverScreen).toContain('加入 Nimbus 社群');
  expect(serverScreen).toMatch(/src="http:[^"]+\/assets\/background-zhCHS\.[0-9a-f]{8}\.svg"/);
  expect(firstRender).toBe(serverScreen);
});
