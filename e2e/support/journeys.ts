import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * The demo accounts of docs/decisions/0026-demo-data.md, as the development identity provider
 * lists them.
 */
export type DemoAccount = 'Sam' | 'Carol' | 'Alice' | 'Bob';

/** Where the shell keeps the login token (shell/src/services/session/session-service.ts). */
export const TOKEN_STORAGE_KEY = 'nimbus:token';

/** The folder ids of the cloud API: the root and the default "From Share" folder. */
export const ROOT_FOLDER_ID = 0;
export const FROM_SHARE_FOLDER_ID = -1;

export interface CloudFolder {
  id: number;
  name: string;
  parent_id: number;
  update_time: number;
  folder_type: number;
  subfolder_num: number;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A name no other test or project uses. */
export function uniqueName(prefix: string, projectName: string): string {
  return `${prefix} ${projectName} ${Date.now().toString(36)}`;
}

/**
 * Waits until the app has replaced the screen the server painted (a list, a code prompt, a status
 * view, the invite card): that screen looks the same but keeps a tap for the app rather than
 * acting on it, and a check that walks the page must not see it swapped midway.
 */
export async function untilAppShowsScreen(page: Page): Promise<void> {
  await expect(page.locator('#app [data-first-screen]')).toHaveCount(0);
}

/**
 * The share's file list: a list on phones, a table on desktop (whose column headers sort it).
 * `name` is its name in the page's language.
 */
export function fileList(page: Page, name = 'Shared files', includeHidden = false): Locator {
  return page
    .getByRole('list', { name, includeHidden })
    .or(page.getByRole('table', { name, includeHidden }));
}

/** The file list's rows: a list's items, or the table's rows but its header row. */
export function fileRows(list: Locator): Locator {
  return list
    .getByRole('listitem')
    .or(list.getByRole('row').filter({ has: list.page().getByRole('checkbox') }));
}

/** Opens a share (of another product when its origin is given) and waits for its file list. */
export async function openShare(page: Page, code: string, origin = ''): Promise<Locator> {
  await page.goto(`${origin}/s/${code}`);
  const list = fileList(page);
  await expect(list).toBeVisible();
  // The app's list (a check box ticked on the painted one changes only once the app runs).
  await untilAppShowsScreen(page);
  return list;
}

/**
 * Opens the "10,000 photos" folder of the open demo-large share, by a click or by Enter from the
 * keyboard, and waits for the folder's own count: the share's root stays on screen for a moment
 * after the tap (a check made then would see its rows), and ten thousand rows take the server a
 * few seconds to list.
 */
export async function openLargeFolder(
  page: Page,
  activate: 'click' | 'Enter' = 'click',
): Promise<void> {
  const folder = fileList(page).getByRole('button', { name: '10,000 photos', exact: true });
  if (activate === 'Enter') await folder.press('Enter');
  else await folder.click();
  await expect(page.getByText(/10,?000 file\(s\)/)).toBeVisible({ timeout: 30_000 });
}

/** Ticks exactly these rows of the current folder. */
export async function selectOnly(page: Page, names: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Deselect all' }).click();
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expect(page.getByText(`${names.length} file(s) selected`)).toBeVisible();
}

/**
 * Signs in through the open "Welcome" sheet: the Google button opens the development identity
 * provider's popup, where the person picks a demo account.
 */
export async function signInFromSheet(page: Page, account: DemoAccount): Promise<void> {
  const sheet = page.getByRole('dialog', { name: 'Welcome' });
  await expect(sheet).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await sheet.getByRole('button', { name: 'Log in with Google' }).click();
  const popup = await popupOpened;
  await chooseAccount(popup, account);
  await expect(sheet).toBeHidden();
}

/**
 * Picks an account in the identity provider's popup. The popup posts the result and closes
 * itself at once, which can end the click's own bookkeeping: only that case is tolerated.
 */
export async function chooseAccount(popup: Page, account: DemoAccount): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name: account, exact: true })
    .click({ noWaitAfter: true })
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}

/** The save button wherever the layout puts it (header on PC, bottom bar on phones). */
export function saveButton(page: Page, name: string | RegExp): Locator {
  return page.getByRole('button', { name, exact: typeof name === 'string' });
}

/** Clicks "Log in and save" and signs in as the account. */
export async function logInAndSave(page: Page, account: DemoAccount): Promise<void> {
  await saveButton(page, 'Log in and save').click();
  await signInFromSheet(page, account);
}

/** The folder chooser that opens after a login in save mode: PC dialog or mobile picker. */
export function destinationDialog(page: Page, isPc: boolean): Locator {
  return isPc
    ? page.getByRole('dialog', { name: 'Save to', exact: true })
    : page.getByRole('dialog', { name: /^Save to "/ });
}

/** The login token the page stored. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
  expect(token, 'the page stored a login token').toBeTruthy();
  return token ?? '';
}

/** The user's cloud folders under a parent, as the server has them. */
export async function listFolders(
  request: APIRequestContext,
  token: string,
  parentId: number,
  baseURL = '',
): Promise<CloudFolder[]> {
  const response = await request.post(`${baseURL}/api/file/folder/list`, {
    headers: { 'X-Token': token },
    data: { parent_id: parentId, page: { current_page: 1, page_size: 50 } },
  });
  expect(response.ok()).toBe(true);
  const envelope = (await response.json()) as Envelope<{ list: CloudFolder[]; total: number }>;
  expect(envelope.code).toBe(0);
  return envelope.data.list;
}

/** An app user's session, as the mobile app holds it: the user id and the session token. */
export interface AppSession {
  userId: number;
  token: string;
}

/**
 * Signs a demo account in the way the mobile app would, without a page: a token from the
 * development identity provider, exchanged at `/login` for a session.
 */
export async function appSessionOf(
  request: APIRequestContext,
  baseURL: string,
  account: DemoAccount,
): Promise<AppSession> {
  const provider = await request.get(`${baseURL}/idp/authorize?provider=Google`);
  expect(provider.ok()).toBe(true);
  const html = await provider.text();
  const identityToken = new RegExp(`aria-label="${account}" data-token="([^"]+)"`).exec(html)?.[1];
  expect(identityToken, `the provider lists ${account}`).toBeTruthy();
  const login = await request.post(`${baseURL}/api/login`, {
    data: { third_token: identityToken },
  });
  const envelope = (await login.json()) as Envelope<{ user_id: number; token: string }>;
  expect(envelope.code).toBe(0);
  return { userId: envelope.data.user_id, token: envelope.data.token };
}

/** Records the URLs the page asks to navigate to, custom schemes included (CDP). */
export async function recordNavigations(page: Page): Promise<string[]> {
  const urls: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.frameRequestedNavigation', (event) => urls.push(event.url));
  return urls;
}
