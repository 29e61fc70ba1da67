import { expect, test } from '@playwright/test';
import {
  destinationDialog,
  logInAndSave,
  openShare,
  recordNavigations,
  selectOnly,
} from '../support/journeys';
import { platformOf } from '../support/platform';

/**
 * The upgrade sheet (issue 7): a free user whose cloud is full gets the server's plans, laid out
 * for the platform, with the platform's benefit and links; the purchase goes to the app's pay
 * page on a phone and to the download dialog on a desktop.
 */

interface Product {
  name: string;
  price: number;
  discount_price: number;
  is_default: 0 | 1;
}

test('Alice gets the upgrade sheet with the server plans; the purchase goes to the app', async ({
  page,
}, testInfo) => {
  const platform = platformOf(testInfo);
  const isPc = platform === 'other';
  await openShare(page, 'demo-public');
  await selectOnly(page, ['mountains.jpg']);
  const productsAnswer = page.waitForResponse((r) => r.url().endsWith('/api/product/list'));
  await logInAndSave(page, 'Alice');
  const products = ((await (await productsAnswer).json()) as { data: { vip_products: Product[] } })
    .data.vip_products;
  expect(products.length).toBeGreaterThanOrEqual(3);
  await destinationDialog(page, isPc).getByRole('button', { name: 'Confirm' }).click();

  const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Upgrade to Premium and enjoy 2TB of cloud storage')).toBeVisible();

  // The benefits: download acceleration on Android, cloud download elsewhere.
  const benefits = sheet.getByRole('list', { name: 'Premium benefits' });
  for (const benefit of ['2TB Cloud Storage', 'Unlimited Cloud Save', 'Smooth Play']) {
    await expect(benefits.getByText(benefit)).toBeVisible();
  }
  const [shown, hidden] =
    platform === 'android'
      ? ['Download Acceleration', 'Download Cloud Download']
      : ['Download Cloud Download', 'Download Acceleration'];
  await expect(benefits.getByText(shown)).toBeVisible();
  await expect(benefits.getByText(hidden)).toHaveCount(0);

  // The plans: a grid named "Plans" on PC, a "Choose your plan" list on phones.
  const plans = sheet.getByRole('radiogroup', { name: isPc ? 'Plans' : 'Choose your plan' });
  await expect(plans).toBeVisible();
  await expect(
    sheet.getByRole('radiogroup', { name: isPc ? 'Choose your plan' : 'Plans' }),
  ).toHaveCount(0);
  await expect(plans.getByRole('radio')).toHaveCount(products.length);
  for (const product of products) {
    await expect(plans.getByRole('radio', { name: product.name })).toHaveCount(1);
  }
  const byDefault = products.find((product) => product.is_default === 1);
  const discounted = products.find((product) => product.discount_price > 0);
  if (!byDefault || !discounted) throw new Error('the demo plans have a default and a discount');
  await expect(plans.getByRole('radio', { name: byDefault.name })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  const buy = sheet.getByRole('button', { name: /^(Pay|Purchase in App for \$[\d.]+)$/ });
  await expect(buy).toHaveText(
    byDefault.discount_price > 0 ? `Purchase in App for $${byDefault.discount_price}` : 'Pay',
  );
  const discountedCard = plans.getByRole('radio', { name: discounted.name });
  await discountedCard.click();
  await expect(discountedCard).toHaveAttribute('aria-checked', 'true');
  await expect(discountedCard.getByText('New User Discount')).toBeVisible();
  await expect(buy).toHaveText(`Purchase in App for $${discounted.discount_price}`);

  // The legal links; the auto-renewal agreement differs on Android.
  await expect(sheet.getByRole('link', { name: 'User agreement' })).toHaveAttribute(
    'href',
    /user-agreement/,
  );
  await expect(sheet.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    /privacy-policy/,
  );
  const autoRenewal = sheet.getByRole('link', { name: 'Auto-Renewal Agreement' });
  if (platform === 'android')
    await expect(autoRenewal).toHaveAttribute('href', /auto-renewal-android$/);
  else await expect(autoRenewal).toHaveAttribute('href', /auto-renewal$/);
  // The release is for developers: named on the sheet, never shown to users.
  await expect(sheet.locator('[data-release]')).toHaveAttribute('data-release', '1.0.0');
  await expect(sheet.getByText(/Plans v/)).toHaveCount(0);

  if (isPc) {
    await buy.click();
    const download = page.getByRole('dialog', { name: 'Download Nimbus App' });
    await expect(download).toBeVisible();
    await expect(
      download.getByRole('img', { name: 'QR code for the Android store' }),
    ).toBeVisible();
    await expect(download.getByRole('img', { name: 'QR code for the iOS store' })).toBeVisible();
  } else {
    const navigations = await recordNavigations(page);
    await buy.click();
    await expect.poll(() => navigations).toContain('nimbus://pay');
    await expect(page.getByRole('dialog', { name: 'Download Nimbus App' })).toHaveCount(0);
  }
});

test('closing the sheet leaves the share as it was', async ({ page }, testInfo) => {
  const isPc = platformOf(testInfo) === 'other';
  await openShare(page, 'demo-public');
  await selectOnly(page, ['guide.pdf']);
  await logInAndSave(page, 'Alice');
  await destinationDialog(page, isPc).getByRole('button', { name: 'Confirm' }).click();
  const sheet = page.getByRole('dialog', { name: 'Insufficient cloud storage' });
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: 'Close' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText('1 file(s) selected')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save to cloud', exact: true })).toBeEnabled();
});
