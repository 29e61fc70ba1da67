import { useEffect } from 'react';
import type { PageService } from 'shared-contracts';
import { useHost, useTexts } from './host-context';

/**
 * The viewer's document titles, in two layers: the screen's own ('Photos · Nimbus') and, above it,
 * an open preview's (the file's name; docs/product.md, "The page frame"). When the preview closes,
 * the screen's title comes back rather than the bare product name (which is what the host shows for
 * null).
 */
export type TitleLayer = 'screen' | 'preview';

export interface PageTitles {
  set(layer: TitleLayer, title: string | null): void;
}

export function createPageTitles(page: PageService): PageTitles {
  const titles: Record<TitleLayer, string | null> = { screen: null, preview: null };
  return {
    set(layer, title) {
      titles[layer] = title;
      page.setTitle(titles.preview ?? titles.screen);
    },
  };
}

/** One set of layers per host: the page's document is the host's. */
const titlesOfPage = new WeakMap<PageService, PageTitles>();

function pageTitlesOf(page: PageService): PageTitles {
  let titles = titlesOfPage.get(page);
  if (!titles) {
    titles = createPageTitles(page);
    titlesOfPage.set(page, titles);
  }
  return titles;
}

/**
 * The document's title while the calling component shows, in its layer; null leaves the layer
 * to the one below. On unmount the layer is cleared.
 */
export function usePageTitle(layer: TitleLayer, title: string | null): void {
  const host = useHost();
  const titles = pageTitlesOf(host.page);
  useEffect(() => {
    titles.set(layer, title);
  }, [titles, layer, title]);
  useEffect(() => () => titles.set(layer, null), [titles, layer]);
}

/**
 * A screen's title: its own name, then the product's ('Photos · Nimbus', 'Share expired · Nimbus';
 * docs/product.md, "The page frame"). A preview's title, the file's name alone, shows above it.
 */
export function useScreenTitle(page: string | null): void {
  const host = useHost();
  const t = useTexts();
  usePageTitle(
    'screen',
    page === null ? null : t('pageTitle', { page, productName: host.config.productName }),
  );
}
