import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/** The product run with Firebase Authentication against the emulator (playwright.config.ts). */
export const firebaseProductUrl = () => `http://localhost:${process.env.E2E_FIREBASE_PORT}`;

const gapiShim = readFileSync(path.join(__dirname, 'gapi-iframes.js'), 'utf8');

/**
 * What a browser needs from Google's CDN during a Firebase popup sign-in, on a machine that
 * cannot reach it: the gapi iframe loader (support/gapi-iframes.js stands in for it), and the
 * emulator page's fonts and Material styles (answered empty: the page works without them).
 */
export async function serveGoogleCdn(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: gapiShim }),
  );
  await context.route(
    /^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//,
    (route) => route.fulfill({ status: 404, body: '' }),
  );
}

export interface EmulatorPerson {
  email: string;
  name: string;
  /** The provider vouches for the email (the emulator's default); false makes an unverified one. */
  emailVerified?: boolean;
}

/**
 * Signs in at the Firebase Auth Emulator's popup: picks the person's account when the emulator
 * has it, else adds it. The popup hands the result to the page and closes.
 */
export async function signInAtEmulator(popup: Page, person: EmulatorPerson): Promise<void> {
  await popup.waitForLoadState('domcontentloaded');
  const closed = popup.waitForEvent('close');
  const existing = popup.locator('.js-reuse-account', { hasText: person.email });
  if ((await existing.count()) > 0) {
    await existing.first().click({ noWaitAfter: true });
  } else {
    if (person.emailVerified === false) {
      // The emulator's form always writes email_verified: true; this person's provider did not
      // verify the address.
      await popup.evaluate(() => {
        const page = window as unknown as { createFakeClaims(info: object): string };
        const original = page.createFakeClaims;
        page.createFakeClaims = (info) => {
          const claims = JSON.parse(decodeURIComponent(original(info))) as Record<string, unknown>;
          return encodeURIComponent(JSON.stringify({ ...claims, email_verified: false }));
        };
      });
    }
    await popup.getByRole('button', { name: 'Add new account' }).click();
    await popup.locator('#email-input').fill(person.email);
    await popup.locator('#display-name-input').fill(person.name);
    await expect(popup.locator('#sign-in')).toBeEnabled();
    await popup.locator('#sign-in').click({ noWaitAfter: true });
  }
  await closed;
}
