import path from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { listFolders, storedToken } from './journeys';

/**
 * Helpers of e2e/wcag/reflow.spec.ts: what a person who tabs, zooms to 400 % or applies the
 * text-spacing styles meets, measured in the page (WCAG 2.4.11, 1.4.10, 1.4.12).
 */

/** 320 CSS px wide: a phone, or a 1280 px desktop window at 400 %. */
export const NARROW = { width: 320, height: 640 } as const;
/** A 1280 × 1024 desktop window at 400 % (WCAG 1.4.10's 320 × 256). */
export const ZOOM_400 = { width: 320, height: 256 } as const;
/** A 1280 × 720 desktop window at 200 %. */
export const ZOOM_200 = { width: 640, height: 360 } as const;

/** WCAG 1.4.12's text-spacing styles, injected as a style tag. */
export const TEXT_SPACING_CSS = `* {
  line-height: 1.5 !important;
  letter-spacing: 0.12em !important;
  word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

/** Whether the project emulates a phone (the wcag projects are named after their device). */
export function isPhoneProject(testInfo: TestInfo): boolean {
  return /android|iphone/.test(testInfo.project.name);
}

/** Whether the page scrolls sideways. */
export function scrollsSideways(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({
    scrollWidth: (document.scrollingElement ?? document.documentElement).scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await scrollsSideways(page);
  expect
    .soft(scrollWidth, `${where}: the page does not scroll sideways`)
    .toBeLessThanOrEqual(innerWidth);
}

/** The focused element, and whether the element at its centre is it (or inside it). */
export interface FocusSeen {
  focused: string;
  atCentre: string;
  covered: boolean;
}

/** What the pointer finds at the focused element's centre, after the focus scroll settled. */
export function focusSeen(page: Page): Promise<FocusSeen | null> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const describe = (element: Element | null): string => {
      if (!element) return 'nothing';
      const label =
        element.getAttribute('aria-label') ??
        (element as HTMLElement).innerText?.trim().slice(0, 40) ??
        '';
      return `<${element.tagName.toLowerCase()}${element.className ? ` .${String(element.className).trim().split(/\s+/).join('.')}` : ''}> ${label}`;
    };
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused === document.documentElement) return null;
    const rect = focused.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return {
      focused: describe(focused),
      atCentre: describe(hit),
      covered: !hit || !(hit === focused || focused.contains(hit)),
    };
  });
}

/**
 * Presses Tab up to `stops` times and returns the stops whose centre something else covers.
 * Stops early when the focus comes back to the first stop (the page's tab order went round).
 */
export async function coveredTabStops(
  page: Page,
  stops: number,
): Promise<{ seen: number; covered: string[] }> {
  const covered: string[] = [];
  let first: string | null = null;
  let seen = 0;
  for (let step = 0; step < stops; step += 1) {
    await page.keyboard.press('Tab');
    const focus = await focusSeen(page);
    if (!focus) continue;
    const id = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      element.dataset.wcagTab ??= String(Math.random());
      return element.dataset.wcagTab;
    });
    if (first === null) first = id;
    else if (id === first) break;
    seen += 1;
    if (focus.covered) covered.push(`stop ${step + 1}: ${focus.focused} under ${focus.atCentre}`);
  }
  return { seen, covered };
}

/**
 * The controls inside `scope` that a pointer cannot reach: each is scrolled to the middle of
 * every box a person can scroll (overflow auto or scroll, and the page), the way a wheel or a
 * finger would, and the element at its centre must then be it or inside it. Boxes whose overflow
 * is hidden are not scrolled: a person cannot scroll them either.
 */
export function unreachableControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate(async (scopeSelector) => {
    const root = document.querySelector(scopeSelector);
    if (!root) return [`no ${scopeSelector}`];
    const controls = Array.from(
      root.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="slider"], [tabindex]:not([tabindex="-1"])',
      ),
    ).filter((element) => {
      const rect = element.getBoundingClientRect();
      // Visually hidden ones (skip links until focused) are for the keyboard.
      return (
        element.checkVisibility({ visibilityProperty: true }) && rect.width > 2 && rect.height > 2
      );
    });
    const userScrollable = (element: Element, axis: 'x' | 'y') => {
      const style = getComputedStyle(element);
      const overflow = axis === 'y' ? style.overflowY : style.overflowX;
      const room =
        axis === 'y'
          ? element.scrollHeight > element.clientHeight
          : element.scrollWidth > element.clientWidth;
      return /(auto|scroll)/.test(overflow) && room;
    };
    const reveal = (element: HTMLElement) => {
      for (let box = element.parentElement; box; box = box.parentElement) {
        if (box === document.body || box === document.documentElement) break;
        const scrollY = userScrollable(box, 'y');
        const scrollX = userScrollable(box, 'x');
        if (!scrollY && !scrollX) continue;
        const outer = box.getBoundingClientRect();
        const inner = element.getBoundingClientRect();
        if (scrollY) {
          box.scrollTop +=
            inner.top + inner.height / 2 - (outer.top + box.clientTop + box.clientHeight / 2);
        }
        if (scrollX) {
          box.scrollLeft +=
            inner.left + inner.width / 2 - (outer.left + box.clientLeft + box.clientWidth / 2);
        }
      }
      const rect = element.getBoundingClientRect();
      window.scrollBy(
        rect.left + rect.width / 2 - window.innerWidth / 2,
        rect.top + rect.height / 2 - window.innerHeight / 2,
      );
    };
    const unreachable: string[] = [];
    for (const control of controls) {
      reveal(control);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const rect = control.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === control || control.contains(hit))) continue;
      // A check box drawn over by its own label's box is still under the pointer.
      if (hit && control.id && hit.closest(`label[for="${control.id}"]`)) continue;
      const name =
        control.getAttribute('aria-label') ?? control.innerText?.trim().slice(0, 40) ?? '';
      unreachable.push(
        `${control.tagName.toLowerCase()} "${name}" at ${Math.round(x)},${Math.round(y)} under ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className)}` : 'nothing'}`,
      );
    }
    window.scrollTo(0, 0);
    return unreachable;
  }, scope);
}

/**
 * Texts that a box with hidden overflow cuts: its content is wider or taller than it, or a
 * descendant's text lies outside it (a badge pushed out on the left). Boxes designed to end in an
 * ellipsis are left out when their full text is there to read: in a `title` and the accessible
 * name (aria-label or the control's own text) of the box or its control.
 */
export function clippedTexts(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const root = document.querySelector(scopeSelector);
    if (!root) return [`no ${scopeSelector}`];
    const hides = (value: string) => value === 'hidden' || value === 'clip';
    const fullTextAvailable = (element: HTMLElement, text: string) => {
      const holder = element.closest<HTMLElement>('[title]');
      return holder !== null && (holder.getAttribute('title') ?? '').includes(text);
    };
    const clipped: string[] = [];
    for (const element of Array.from(root.querySelectorAll('*'))) {
      // Texts are in HTML elements (an icon's SVG has none to clip).
      if (!(element instanceof HTMLElement)) continue;
      const style = getComputedStyle(element);
      if (!hides(style.overflowX) && !hides(style.overflowY)) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const rect = element.getBoundingClientRect();
      // Visually hidden texts (for screen readers) are 1 px boxes by design.
      if (rect.width <= 2 || rect.height <= 2) continue;
      const text = element.innerText.trim();
      if (!text) continue;
      const ellipsis =
        style.textOverflow === 'ellipsis' ||
        (style.getPropertyValue('-webkit-line-clamp') || 'none') !== 'none';
      if (ellipsis && fullTextAvailable(element, text)) continue;
      const wide = element.scrollWidth > element.clientWidth + 1;
      const tall = element.scrollHeight > element.clientHeight + 1;
      const outside = Array.from(element.querySelectorAll('*')).some((inner) => {
        if (!(inner instanceof HTMLElement)) return false;
        if (!inner.innerText?.trim() || !inner.checkVisibility()) return false;
        // Inside a box that scrolls (the picker's list) a text out of view is scrolled to.
        for (let box = inner.parentElement; box && box !== element; box = box.parentElement) {
          const overflow = getComputedStyle(box);
          if (/(auto|scroll)/.test(`${overflow.overflowX} ${overflow.overflowY}`)) return false;
        }
        const box = inner.getBoundingClientRect();
        if (box.width <= 2 || box.height <= 2) return false;
        return (
          box.left < rect.left - 1 ||
          box.right > rect.right + 1 ||
          box.top < rect.top - 1 ||
          box.bottom > rect.bottom + 1
        );
      });
      if (!wide && !tall && !outside) continue;
      const what = element.className
        ? `.${String(element.className).trim().split(/\s+/).join('.')}`
        : element.tagName.toLowerCase();
      clipped.push(
        `${what} "${text.slice(0, 40)}" ${wide ? `scrollWidth ${element.scrollWidth} > ${element.clientWidth} ` : ''}${tall ? `scrollHeight ${element.scrollHeight} > ${element.clientHeight} ` : ''}${outside ? 'text outside its box' : ''}`.trim(),
      );
    }
    return clipped;
  }, scope);
}

/**
 * Carol's cloud gets folders at its root until it has `count`, so the picker's list has to
 * scroll (the runs share one database: once there, they stay).
 */
export async function giveFolders(page: Page, count: number, prefix: string): Promise<void> {
  const token = await storedToken(page);
  const existing = await listFolders(page.request, token, 0);
  for (let index = existing.length + 1; index <= count; index += 1) {
    const response = await page.request.post('/api/file/folder/create', {
      headers: { 'X-Token': token },
      data: { parent_id: 0, folder_name: `${prefix} ${index}` },
    });
    expect(response.ok()).toBe(true);
  }
}

/**
 * Opens the demo audio's preview from the list and jumps past its minute, so the card that ends
 * a preview shows as after a minute of listening; returns the preview.
 */
export async function audioPastTheMinute(page: Page, list: Locator): Promise<Locator> {
  await list.getByRole('button', { name: 'Morning Tone.mp3', exact: true }).click();
  const preview = page.getByRole('dialog', { name: 'Preview of Morning Tone.mp3' });
  const audio = preview.locator('audio');
  await expect
    .poll(() => audio.evaluate((media: HTMLMediaElement) => media.readyState))
    .toBeGreaterThan(0);
  await audio.evaluate((media: HTMLMediaElement) => {
    media.currentTime = 65;
  });
  return preview;
}

/**
 * A picture of a fixed state for the acceptance, in docs/screenshots/wcag: taken on demand
 * (WCAG_SCREENSHOTS=1), never in a test run, on one project's device.
 */
export async function acceptanceShot(
  page: Page,
  name: string,
  project: 'wcag-android' | 'wcag-desktop',
): Promise<void> {
  if (!process.env.WCAG_SCREENSHOTS || test.info().project.name !== project) return;
  const folder = path.resolve(__dirname, '../../docs/screenshots/wcag');
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}
