import type { AddressService } from 'shared-contracts';
import { afterPendingBack, isLayerBack } from 'ui-kit';

/**
 * The query of the page's address, for a remote that keeps its place in it (the share viewer's
 * folder). Entries are pushed once any Back already asked for has arrived (a dialog closing
 * goes back over its entry): pushed before, the new entry would be the one the browser leaves.
 * That Back is not told to the listeners: it returns to the address the page shows.
 */
export function createAddress(win: Window = window): AddressService {
  const addressWith = (query: string) =>
    `${win.location.pathname}${query ? `?${query}` : ''}${win.location.hash}`;
  return {
    query: () => win.location.search.replace(/^\?/, ''),
    push(query) {
      afterPendingBack(() => win.history.pushState(null, '', addressWith(query)));
    },
    replace(query) {
      afterPendingBack(() => win.history.replaceState(win.history.state, '', addressWith(query)));
    },
    onPop(listener) {
      const onPopState = () => {
        if (!isLayerBack()) listener(win.location.search.replace(/^\?/, ''));
      };
      win.addEventListener('popstate', onPopState);
      return () => win.removeEventListener('popstate', onPopState);
    },
  };
}
