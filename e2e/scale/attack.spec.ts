import { expect, test } from '@playwright/test';
import { postFrom, siteUrl } from './topology';
import { recordRequestedPaths } from '../support/requests';
import { fileList } from '../support/journeys';

/**
 * A share under attack (issue 27): a hundred wrong codes from a hundred networks, then its
 * rightful visitor on a phone. Each of their tries costs a short proof of work (ALTCHA), solved
 * by their phone; a typo costs another, never a day's wait. Runs after the other scale tests
 * (playwright.scale.config.ts): from here on demo-private is under attack for a day.
 */

test('the rightful visitor of a share under attack gets in with the right code, typo and all', async ({
  page,
}) => {
  const info = await fetch(`${siteUrl()}/api/share/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ share_url: 'demo-private' }),
  }).then((response) => response.json() as Promise<{ data: { id: number } }>);
  const guess = { share_id: info.data.id, share_code: 'demo-private' };
  // The day's budget of wrong codes (with the earlier tests' few), from a hundred networks.
  const codes = [];
  for (let index = 1; index <= 100; index += 1) {
    const answer = await postFrom(`127.0.1.${index}`, '/api/share/detail', {
      ...guess,
      extract_code: `w${index}`,
    });
    codes.push(answer.code);
  }
  // Wrong until the budget is spent, then each further guess is asked for a proof first.
  expect(codes.every((code) => code === 4002 || code === 4030)).toBe(true);
  expect(codes.at(-1)).toBe(4030);
  // The next guess from another network is asked for a proof of work first.
  const next = await postFrom('127.0.2.1', '/api/share/detail', { ...guess, extract_code: 'zzzz' });
  expect(next.code).toBe(4030);

  const scripts = recordRequestedPaths(page, 'script');
  await page.goto(`${siteUrl()}/s/demo-private`);
  const input = page.getByRole('textbox', { name: 'Extract code' });
  await expect(input).toBeVisible();
  expect(scripts.filter((script) => /altcha/.test(script))).toEqual([]);

  // A typo: the phone makes its short check, then hears that the code is wrong.
  await input.fill('ab13');
  await page.getByRole('button', { name: 'Extract file' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'This share is receiving many wrong codes' }),
  ).toContainText('Your device is making a short check before your code is tried.');
  await expect(page.getByRole('alert')).toHaveText('Invalid extract code');
  expect(scripts.filter((script) => /altcha/.test(script))).toHaveLength(1);

  // The right code: another check, and the files open.
  await input.fill('ab12');
  await page.getByRole('button', { name: 'Extract file' }).click();
  const list = fileList(page);
  await expect(list).toBeVisible();
  // Browsing on needs no further check.
  await list.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(list.getByRole('button', { name: '2025', exact: true })).toBeVisible();
});
