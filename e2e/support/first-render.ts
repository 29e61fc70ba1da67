import type { Page } from '@playwright/test';

/** Holds back every script of the page until `release()`: the app's code has not arrived. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Where, in the app's container, the server's screen and the app's first render of it are. */
export interface ComparedScreens {
  painted: string;
  rendered: string;
}

/** A share page: the shell's frame, in the first screen and as the app renders it. */
const SHARE_PAGE_SCREENS: ComparedScreens = {
  painted: ':scope > [data-first-screen] > .nb-layout',
  rendered: ':scope > .nb-layout',
};

/** The server's first screen and the app's first render of it, each written canonically. */
export interface FirstRenderMarkup {
  serverScreen?: string;
  firstRender?: string;
}

/**
 * Opens `address` with its scripts held back until the page is parsed, and records the markup
 * of the server's first screen and of the app's first commit over it (as it is when the browser
 * may paint it). Each is written the same whoever made it: attributes sorted, styles as the
 * browser reads them, no comments (React's markers in the server's HTML), no resource hints
 * (React hoists them into the head), ids by where they are used (React names a field differently
 * on the server and in the browser), an option's selectedness rather than its attribute (the
 * server writes `selected`, the app sets the select's value), an image's address as resolved. A
 * row's time is compared too: the page's script writes it in the visitor's zone before the first
 * paint, as the app does.
 */
export async function firstRenderOver(
  page: Page,
  address: string,
  compared: ComparedScreens = SHARE_PAGE_SCREENS,
): Promise<FirstRenderMarkup> {
  const releaseScripts = await holdScripts(page);
  await page.addInitScript(({ painted, rendered }: ComparedScreens) => {
    const ids = new Map<string, string>();
    const idOf = (value: string) =>
      value
        .split(' ')
        .map((id) => {
          if (!ids.has(id)) ids.set(id, `id${ids.size}`);
          return ids.get(id);
        })
        .join(' ');
    const attributeOf = (node: HTMLElement | SVGElement, name: string, value: string) => {
      if (name === 'style') return `style="${node.style.cssText}"`;
      // The image the browser loads: a path from the server, the app's own absolute address.
      if (name === 'src' && node instanceof HTMLImageElement) return `src="${node.src}"`;
      if (['id', 'for', 'aria-labelledby', 'aria-describedby'].includes(name)) {
        return `${name}="${idOf(value)}"`;
      }
      return `${name}="${value}"`;
    };
    const canonical = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof HTMLElement || node instanceof SVGElement)) return '';
      if (['LINK', 'TEMPLATE'].includes(node.tagName)) return '';
      const isOption = node instanceof HTMLOptionElement;
      const attributes = Array.from(node.attributes)
        .filter(({ name }) => !(isOption && name === 'selected'))
        .map(({ name, value }) => attributeOf(node, name, value))
        .concat(isOption && node.selected ? ['(selected)'] : [])
        .sort();
      const children = Array.from(node.childNodes, canonical).join('');
      return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${children}</>`;
    };
    // Each side numbers its ids afresh.
    const canonicalOf = (root: Element) => {
      ids.clear();
      return canonical(root);
    };
    const record = window as Window & { serverScreen?: string; firstRender?: string };
    new MutationObserver((_, observer) => {
      const app = document.getElementById('app');
      const frame = app?.querySelector(painted);
      if (frame) record.serverScreen = canonicalOf(frame);
      const first = app?.querySelector(rendered);
      if (!first) return;
      record.firstRender = canonicalOf(first);
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, compared);
  await page.goto(address, { waitUntil: 'commit' });
  // Parsed, with the first screen in place (its scripts, held back, have not run).
  await page.waitForFunction(() => document.readyState !== 'loading');
  releaseScripts();
  const screens = await page.waitForFunction(() => {
    const { serverScreen, firstRender } = window as Window & FirstRenderMarkup;
    return firstRender ? { serverScreen, firstRender } : null;
  });
  return (await screens.jsonValue()) ?? {};
}
