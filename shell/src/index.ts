import { FIRST_SCREEN_ATTRIBUTE } from 'shared-contracts/page';
import { startPage } from './start-up/start-page';

const container = document.getElementById('app');
// Over the server's first screen the page is painted already: the start-up's first step runs in a
// task of its own, after the one that evaluated this file and set up the federation runtime (one
// task of 50–95 ms at 4x CPU in traces; docs/performance.md, "A quiet main thread after ready").
// Over an empty page nothing but the first paint waits: it starts at once.
if (container?.querySelector(`[${FIRST_SCREEN_ATTRIBUTE}]`)) {
  setTimeout(() => void startPage(container), 0);
} else {
  void startPage(container);
}
