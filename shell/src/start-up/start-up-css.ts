import { START_UP_CSS_ELEMENT_ID } from 'shared-contracts/page';

/**
 * Applies the CSS of the app's start-up chunks that a page with a first screen carries, inert,
 * after that screen (server/src/page-assembly/start-up-css.ts): its `<style data-href>` elements
 * move into the head. Done first, while the rest of the start-up still downloads, so the style
 * work is over before the app's modules run; webpack's CSS-loading runtime then finds each
 * chunk's CSS by its `data-href` and fetches none. A page without a first screen carries it in
 * its head already (nothing to do), and so does a page whose template was applied.
 */
export function applyStartUpCss(page: Document): void {
  const template = page.getElementById(START_UP_CSS_ELEMENT_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  page.head.append(template.content);
  template.remove();
}
