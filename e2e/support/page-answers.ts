import type { Page } from '@playwright/test';

/**
 * Serves `pathname`'s page without the share answers the server writes into it, as for a share
 * whose root is too long to carry: the app then asks the API for them.
 */
export async function withoutShareAnswers(page: Page, pathname: string): Promise<void> {
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /<script type="application\/json" id="share-answers">.*?<\/script>/,
        '',
      );
      await route.fulfill({ response, body: html });
    },
  );
}
