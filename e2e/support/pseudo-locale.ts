import type { Page } from '@playwright/test';
import { translatorOf, type Messages, type MessageValues } from 'shared-contracts';
import { PAGE_MESSAGES_ELEMENT_ID } from 'shared-contracts/page';
import { CATALOGS as PAYMENTS } from '../../remote-payments/src/locales';
import { CATALOGS as SHARE } from '../../remote-share/src/locales';
import { CATALOGS as SHELL } from '../../shell/src/locales';
import { PRODUCT_NAME, type TextsOf } from './texts';

/**
 * A pseudo-locale (issue 48): every English text accented, 40 % longer and between ⟦ ⟧, so a
 * screen shows at a glance which texts are cut (a missing ⟧) and a layout meets the longest
 * languages before they exist. It stands in for German: the page is opened in `de`, and each
 * app's catalog file of `de` is answered with its English catalog made pseudo (`servePseudoLocale`).
 */
export const PSEUDO_BASE = 'de';
export const PSEUDO_START = '⟦';
export const PSEUDO_END = '⟧';

const PLAIN = 'aeioucnsyzAEIOUCNSYZ';
const WITH_ACCENTS = 'áéíöüçñšýžÁÉÍÖÜÇÑŠÝŽ';
const ACCENTED = new Map(
  [...PLAIN].map((letter, index) => [letter, WITH_ACCENTS[index] ?? letter]),
);

const accented = (text: string) =>
  text.replace(/[a-zA-Z]/g, (letter) => ACCENTED.get(letter) ?? letter);

/** Filler words that make a text 40 % longer, breakable as a long language's words are. */
function padding(length: number): string {
  const extra = Math.ceil(length * 0.4);
  if (extra === 0) return '';
  const words = [];
  for (let left = extra; left > 0; left -= 6) words.push('ẋẋẋẋẋ'.slice(0, Math.min(5, left)));
  return ` ${words.join(' ')}`;
}

/** A compiled message's token: a text, or a placeholder `[name, type?, cases?]`. */
type Token = string | [string, string?, Record<string, Token[] | string>?];

function textLength(tokens: readonly Token[]): number {
  return tokens.reduce((sum, token) => sum + (typeof token === 'string' ? token.length : 4), 0);
}

/** One message made pseudo: accented texts, placeholders kept, padded and bracketed. */
export function pseudoMessage(message: unknown): Token[] {
  const tokens = (Array.isArray(message) ? message : [message]) as Token[];
  const accentTokens = (list: readonly Token[]): Token[] =>
    list.map((token) => {
      if (typeof token === 'string') return accented(token);
      const [name, type, cases] = token;
      if (!cases) return token;
      const inside = Object.fromEntries(
        Object.entries(cases).map(([key, value]) => [
          key,
          Array.isArray(value) ? accentTokens(value) : value,
        ]),
      );
      return [name, type, inside];
    });
  return [PSEUDO_START, ...accentTokens(tokens), `${padding(textLength(tokens))}${PSEUDO_END}`];
}

function pseudoCatalog(catalogs: Record<string, Messages>): Messages {
  const english = catalogs.en ?? {};
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [id, pseudoMessage(message)]),
  ) as Messages;
}

const PSEUDO_CATALOGS = {
  shell: pseudoCatalog(SHELL),
  share: pseudoCatalog(SHARE),
  payments: pseudoCatalog(PAYMENTS),
};

/** The pseudo-locale's texts, to find what the page shows in it. */
export function pseudoTexts(): TextsOf {
  const translate = (catalog: Messages) => {
    const t = translatorOf<string>(PSEUDO_BASE, catalog);
    return (id: string, values: MessageValues = {}) =>
      t(id, { productName: PRODUCT_NAME, ...values });
  };
  return {
    shell: translate(PSEUDO_CATALOGS.shell),
    share: translate(PSEUDO_CATALOGS.share),
    payments: translate(PSEUDO_CATALOGS.payments),
  };
}

/** Whose catalog file an address is: the shell's, or a remote's by its folder. */
function catalogOfAddress(url: string): Messages {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/remotes/share/')) return PSEUDO_CATALOGS.share;
  if (pathname.startsWith('/remotes/payments/')) return PSEUDO_CATALOGS.payments;
  return PSEUDO_CATALOGS.shell;
}

/** The page language's catalogs the server writes into a page (PAGE_MESSAGES_ELEMENT_ID). */
const CARRIED_CATALOGS = new RegExp(
  `<script type="application/json" id="${PAGE_MESSAGES_ELEMENT_ID}">[^<]*</script>`,
);

/**
 * Answers every app's catalog file of the pseudo-locale's base language with its English catalog
 * made pseudo. The pages lose the catalogs the server wrote into them, so each app asks for its
 * file (as it does where the server writes none).
 */
export async function servePseudoLocale(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    return route.fulfill({ response, body: html.replace(CARRIED_CATALOGS, '') });
  });
  await page.route(new RegExp(`/messages/${PSEUDO_BASE}\\.[0-9a-f]+\\.json$`), (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(catalogOfAddress(route.request().url())),
    }),
  );
}

/** A text of the page that is cut, drawn over, off the window's sides or over another text. */
export interface LayoutProblem {
  kind: 'cut' | 'covered' | 'overlap' | 'off-screen';
  text: string;
  other?: string;
}

/**
 * What is wrong with the pseudo texts shown now, in the dialog on top or else the page: a text
 * whose start or end marker a box of `overflow: hidden` (or the window's sides) cuts off, and two
 * texts drawn over each other. Hidden texts (for screen readers only) are left out.
 */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(
    ({ start, end }) => {
      const dialogs = [
        ...document.querySelectorAll('[role="dialog"], [role="alertdialog"]'),
      ].filter((element) => element.getClientRects().length > 0 && !element.closest('[inert]'));
      const scope = dialogs.at(-1) ?? document.body;
      const shown: { text: string; element: Element; rects: DOMRect[] }[] = [];
      const problems: {
        kind: 'cut' | 'covered' | 'overlap' | 'off-screen';
        text: string;
        other?: string;
      }[] = [];
      const isFixed = (element: Element): boolean => {
        for (let box: Element | null = element; box; box = box.parentElement) {
          if (/fixed|sticky/.test(getComputedStyle(box).position)) return true;
        }
        return false;
      };
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const element = node.parentElement;
        if (!element || (!text.includes(start) && !text.includes(end))) continue;
        if (element.closest('select, [inert], [aria-hidden="true"]')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter(
          (rect) => rect.width > 1 && rect.height > 1,
        );
        const box = element.getBoundingClientRect();
        if (rects.length === 0 || box.width <= 1 || box.height <= 1) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        shown.push({ text, element, rects });
        // Each marker's glyph must be inside every box that clips it, and inside the window.
        for (const [marker, at] of [
          [start, text.indexOf(start)],
          [end, text.lastIndexOf(end)],
        ] as const) {
          if (at < 0) continue;
          const glyphRange = document.createRange();
          glyphRange.setStart(node, at);
          glyphRange.setEnd(node, at + marker.length);
          const glyph = glyphRange.getBoundingClientRect();
          const middleX = glyph.left + glyph.width / 2;
          const middleY = glyph.top + glyph.height / 2;
          // A row that scrolls sideways (the plans) shows the rest when scrolled.
          const scrollsSideways = (box: Element | null): boolean =>
            box !== null &&
            (/(auto|scroll)/.test(getComputedStyle(box).overflowX) ||
              scrollsSideways(box.parentElement));
          const offScreen = middleX < 0 || middleX > document.documentElement.clientWidth;
          if (offScreen && !scrollsSideways(element)) {
            problems.push({ kind: 'off-screen', text });
            break;
          }
          let cut = false;
          for (
            let box = element as Element | null;
            box && box !== document.body;
            box = box.parentElement
          ) {
            const { overflowX, overflowY } = getComputedStyle(box);
            const clips = (value: string) => value === 'hidden' || value === 'clip';
            if (!clips(overflowX) && !clips(overflowY)) continue;
            const edges = box.getBoundingClientRect();
            if (
              (clips(overflowX) && (middleX < edges.left - 1 || middleX > edges.right + 1)) ||
              (clips(overflowY) && (middleY < edges.top - 1 || middleY > edges.bottom + 1))
            ) {
              cut = true;
              break;
            }
          }
          if (cut) {
            problems.push({ kind: 'cut', text });
            break;
          }
          // Drawn over by something else (a neighbour it runs into), in the window's view. A
          // transparent layer over it (a row's whole-row button) leaves it seen.
          const inView = middleY >= 0 && middleY <= window.innerHeight && !offScreen;
          const top = inView ? document.elementFromPoint(middleX, middleY) : null;
          const isSeeThrough = (box: Element) => {
            const { backgroundColor, backgroundImage } = getComputedStyle(box);
            return (
              backgroundImage === 'none' && /^rgba\(.*, 0\)$|^transparent$/.test(backgroundColor)
            );
          };
          if (
            top &&
            !element.contains(top) &&
            !top.contains(element) &&
            !isSeeThrough(top) &&
            isFixed(top) === isFixed(element)
          ) {
            problems.push({ kind: 'covered', text, other: top.textContent?.trim().slice(0, 40) });
            break;
          }
        }
      }
      const intersects = (a: DOMRect, b: DOMRect) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
      for (const [index, one] of shown.entries()) {
        for (const other of shown.slice(index + 1)) {
          if (one.element.contains(other.element) || other.element.contains(one.element)) continue;
          // A bar fixed to the window passes over the page as it scrolls: that is not a clash.
          if (isFixed(one.element) !== isFixed(other.element)) continue;
          if (one.rects.some((a) => other.rects.some((b) => intersects(a, b)))) {
            problems.push({ kind: 'overlap', text: one.text, other: other.text });
          }
        }
      }
      return problems;
    },
    { start: PSEUDO_START, end: PSEUDO_END },
  );
}
