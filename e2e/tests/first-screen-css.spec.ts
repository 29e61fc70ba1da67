import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 30, "the first screen's markup and only the CSS it uses come first": the server cuts the
 * first-screen builds' CSS to the rules the painted screen's classes can match
 * (server/src/page-assembly/used-css.ts). Before any script has run, each painted screen looks
 * exactly as it does with the builds' whole CSS: every element's box and the styles a visitor
 * sees.
 */

test.use({ javaScriptEnabled: false });

/** What an app's first-screen build holds: all the CSS of every screen it can paint. */
const wholeCssOf = (app: string) =>
  readFileSync(path.join(__dirname, '../..', app, 'dist-first-screen/first-screen.css'), 'utf8');

const SCREENS = [
  // A list has no code prompt; the code prompt and a status view have no rows; the invite page
  // has no top bar.
  { address: '/s/demo-public', app: 'remote-share', notUsed: '.ns-extract' },
  { address: '/s/demo-private', app: 'remote-share', notUsed: '.ns-row' },
  { address: '/s/demo-expired', app: 'remote-share', notUsed: '.ns-row' },
  { address: '/invite?lang=en', app: 'remote-invite', notUsed: '.nb-topbar' },
];

/** The computed styles a visitor would see differ if a rule the screen uses were missing. */
const STYLES = [
  'display',
  'position',
  'color',
  'backgroundColor',
  'backgroundImage',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'lineHeight',
  'textAlign',
  'padding',
  'margin',
  'border',
  'borderRadius',
  'boxShadow',
  'gap',
  'opacity',
  'visibility',
  'overflow',
  'zIndex',
  'transform',
  'fill',
  'stroke',
] as const;

/** Each element of the painted screen, in order: its box and its styles. */
function looksOf(page: Page): Promise<string[]> {
  return page.locator('#app').evaluate(
    (app, styles) =>
      Array.from(app.querySelectorAll('*'), (element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const where = [box.x, box.y, box.width, box.height].map(Math.round).join(' ');
        return `${element.tagName} ${where} ${styles.map((name) => style[name]).join('|')}`;
      }),
    STYLES,
  );
}

for (const { address, app, notUsed } of SCREENS) {
  test(`${address} is painted with only the CSS its screen uses, and looks as with all of it`, async ({
    page,
  }) => {
    await page.goto(address);
    await expect(page.locator('#app [data-first-screen]')).toHaveCount(1);
    const style = page.locator('head style[data-first-screen]');
    const cut = (await style.textContent()) ?? '';
    const whole = `${wholeCssOf('shell')}\n${wholeCssOf(app)}`;
    expect(whole).toContain(notUsed);
    expect(cut).not.toContain(notUsed);
    expect(cut.length).toBeLessThan(whole.length);

    const painted = await looksOf(page);
    expect(painted.length).toBeGreaterThan(15);
    await style.evaluate((element, css) => {
      element.textContent = css;
    }, whole);
    expect(await looksOf(page)).toEqual(painted);
  });
}
