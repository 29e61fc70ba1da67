import type { ShareStore } from '../../state/share-store';
import { rootFontSize, rowHeightPx } from './components/rows-in-view';

/** How long an item is waited for: its folder's later pages, the virtualizer's first render. */
const REVEAL_WAIT_MS = 3000;

/**
 * Shows an item of the listed folder and gives its row the focus (a whole-share search's file
 * result): the page scrolls to its row, which a long, virtualized list then renders, and the
 * row's open button takes the focus. Nothing happens when the item never comes.
 */
export function revealItem(store: ShareStore, itemId: number): void {
  const started = performance.now();
  const step = () => {
    const index = store.fileList.findIndex((item) => item.id === itemId);
    const list = document.querySelector<HTMLElement>('.ns-file-list');
    if (index >= 0 && list && !store.listLoading) {
      const slot = list.querySelector<HTMLElement>(`[data-index="${index}"]`);
      const button = slot?.querySelector<HTMLElement>('.ns-row__open');
      if (slot && button) {
        slot.scrollIntoView?.({ block: 'center' });
        button.focus({ preventScroll: true });
        return;
      }
      // Not rendered yet (a long list renders the rows in view): bring its place into view.
      const top = list.getBoundingClientRect().top + window.scrollY;
      window.scrollTo?.(0, top + index * rowHeightPx(rootFontSize()) - window.innerHeight / 2);
    }
    if (performance.now() - started < REVEAL_WAIT_MS) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
