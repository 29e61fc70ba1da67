import { expect, test, type Page } from '@playwright/test';
import { untilAppShowsScreen } from '../support/journeys';

/**
 * `/` is a home, not a 404 (issue 32): the product's frame and a field where a visitor pastes the
 * share link they were sent (with or without its code, or the whole chat message) and opens it.
 */

/** The file list's summary line: 'Total N file(s)' or 'N file(s) selected'. */
const FILE_SUMMARY = /Total \d+ file\(s\)|\d+ file\(s\) selected/;
const HOME_HEADING = { level: 1, name: 'Open files shared with you' } as const;

const shareLinkField = (page: Page) => page.getByRole('textbox', { name: 'Share link' });

/** A protected share shows its code screen, or its list once a `?pwd=` has opened it. */
const codeScreenOrList = (page: Page) =>
  page.getByPlaceholder('Please enter the extract code').or(page.getByText(FILE_SUMMARY));

/**
 * Pastes text as a clipboard paste does, line breaks included, into the app's field (the server
 * paints the page first: a synthetic paste event on the painted field has no default action).
 */
async function paste(page: Page, text: string) {
  await untilAppShowsScreen(page);
  await shareLinkField(page).focus();
  await shareLinkField(page).evaluate((field, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    field.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test('/ is the home page in the product frame, not a 404', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Nimbus');
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();
  await expect(shareLinkField(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open', exact: true })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Nimbus home' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Open App' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Copyright © 2025 Nimbus');
  await expect(page.getByText('404 - Page Not Found')).toHaveCount(0);
});

test("this site's link with its code opens that share, Enter submits; another site's is refused", async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  // The app's check: the painted form before it runs knows no site's links.
  await untilAppShowsScreen(page);
  await shareLinkField(page).fill('https://elsewhere.example/s/demo-private?pwd=ab12');
  await shareLinkField(page).press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'This is not a share link. A share link looks like https://…/s/abc123.',
  );
  expect(new URL(page.url()).pathname).toBe('/');

  await shareLinkField(page).fill(`${baseURL}/s/demo-private?pwd=ab12`);
  await shareLinkField(page).press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/s/demo-private');
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
  await expect(codeScreenOrList(page).first()).toBeVisible();
});

test('a bare share code opens the public list, and Back returns home', async ({ page }) => {
  await page.goto('/');
  await shareLinkField(page).fill('demo-public');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Photos', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();
});

test('a pasted chat message with the link and its code opens the share', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  await paste(page, `Link: ${baseURL}/s/demo-private\nExtract code: AB12`);
  await expect(shareLinkField(page)).toHaveValue(
    `Link: ${baseURL}/s/demo-private Extract code: AB12`,
  );
  await shareLinkField(page).press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/s/demo-private');
  await expect(codeScreenOrList(page).first()).toBeVisible();
});

test('text without a share link shows an inline error and keeps the focus in the field', async ({
  page,
}) => {
  await page.goto('/');
  const field = shareLinkField(page);
  await field.fill('not a link at all');
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const error = page.getByRole('alert');
  await expect(error).toHaveText(
    'This is not a share link. A share link looks like https://…/s/abc123.',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    'This is not a share link. A share link looks like https://…/s/abc123.',
  );
  await expect(field).toBeFocused();
  expect(new URL(page.url()).pathname).toBe('/');
  // Correcting the text clears the error.
  await field.fill('demo-public');
  await expect(error).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test('from a share the logo, a real link reached with the keyboard, leads home', async ({
  page,
}) => {
  await page.goto('/s/demo-public');
  await expect(page.getByText(FILE_SUMMARY)).toBeVisible();
  const logo = page.getByRole('banner').getByRole('link', { name: 'Nimbus home' });
  await expect(logo).toHaveAttribute('href', '/');
  // In the keyboard's order, just before the language menu and Open App.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Language/ })
    .focus();
  await page.keyboard.press('Shift+Tab');
  await expect(logo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', HOME_HEADING)).toBeVisible();
});

test('an unknown address still shows the not-found page', async ({ page }) => {
  const response = await page.goto('/nope');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByRole('heading', HOME_HEADING)).toHaveCount(0);
});
