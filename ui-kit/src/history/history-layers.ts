import { useEffect, useRef } from 'react';
import { sharedState } from '../shared-state';

/**
 * Browser Back closes what is open on top of the page (a dialog, a sheet, a preview) before it
 * leaves the page, as a phone user expects. Each open layer has an entry in the browser's history
 * (same address): its state lists the layers open at that entry, innermost last. Back removes
 * the top entry, and a layer missing from the new entry closes. A layer closed another way
 * (its button, Escape) goes back over its own entry.
 *
 * The bookkeeping is page-wide (ui-kit's shared state): the shell's and each remote's dialogs
 * stack on the same history.
 *
 * Forward after such a Back returns to the closed layer's entry: a layer that can open again
 * (`onReopen`) does, on that entry; any other such entry is stepped back over at once, so the
 * press is not spent on an entry that shows nothing.
 */

const LAYERS = 'nsLayers';

/** How long a Back may take to arrive before the next entry stops waiting for it. */
const BACK_ARRIVAL_LIMIT_MS = 1000;

function stateObject(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** The layers open at the current history entry, innermost last. */
function layersHere(): string[] {
  const layers = stateObject()[LAYERS];
  return Array.isArray(layers) ? layers.filter((id): id is string => typeof id === 'string') : [];
}

function isTopLayer(id: string): boolean {
  return layersHere().at(-1) === id;
}

let layerCount = 0;

/**
 * Runs `step` once any Back already asked for has arrived. The browser traverses later, in a
 * task of its own: an entry pushed before then would be the one the traversal leaves, and the
 * page would land on the wrong one (a quick close and reopen, or a close then a folder opened, on
 * a busy phone).
 */
function afterBackInFlight(step: () => void): void {
  const inFlight = sharedState().backInFlight;
  if (inFlight) void inFlight.then(step);
  else step();
}

/**
 * Runs a change of the page's address once the history has settled: after the Back of a layer
 * closed in this task too (it goes back at the end of the task). Changed before, the address
 * would be written on the closing layer's entry, which that Back then leaves: a sort chosen
 * right after closing a dialog would be undone.
 */
export function afterPendingBack(step: () => void): void {
  if (sharedState().pendingBack === undefined) afterBackInFlight(step);
  else setTimeout(() => afterBackInFlight(step), 0);
}

/**
 * Whether the popstate being handled is the page's own Back over a closed layer's entry: the
 * address is the one the page already shows, and a listener that rereads it would undo what
 * changed since the layer closed (a sort chosen while that Back was on its way). Listeners added
 * before the layer closed run before the Back is marked arrived.
 */
export function isLayerBack(): boolean {
  return sharedState().backInFlight !== null;
}

/** Goes back over the top entry, and remembers the traversal until its popstate arrives. */
function goBack(): void {
  const state = sharedState();
  state.backInFlight = new Promise((resolve) => {
    const arrived = () => {
      window.removeEventListener('popstate', arrived);
      clearTimeout(limit);
      state.backInFlight = null;
      resolve();
    };
    const limit = setTimeout(arrived, BACK_ARRIVAL_LIMIT_MS);
    window.addEventListener('popstate', arrived);
    window.history.back();
  });
}

/**
 * Page-wide, once: Forward onto an entry whose top layer is not open reopens it when it can, else
 * goes back over the entry. Layers below it must be open (a Forward two layers deep that the
 * page cannot rebuild is stepped back over too).
 */
function watchForward(): void {
  const shared = sharedState();
  if (shared.watchingForward) return;
  shared.watchingForward = true;
  window.addEventListener('popstate', () => {
    // The page's own Back (a layer closed by its button) lands where it means to.
    if (shared.backInFlight) return;
    const layers = layersHere();
    const top = layers.at(-1);
    if (top === undefined || shared.openLayers.has(top)) return;
    const reopen = shared.reopeners.get(top);
    if (reopen && layers.slice(0, -1).every((id) => shared.openLayers.has(id))) {
      shared.reopeners.delete(top);
      shared.reopening = top;
      reopen();
    } else afterBackInFlight(goBack);
  });
}

/**
 * Gives an open layer its history entry for as long as it is mounted: Back closes it
 * (`onClose`), and when it closes otherwise its entry goes.
 *
 * Going back is deferred to the end of the task, and a layer opening in the same task takes the
 * entry over instead of pushing another: one dialog replacing another (a picker's Confirm that
 * opens the next step), and React's StrictMode (dev), which unmounts and remounts at once.
 */
export function useHistoryLayer(onClose: () => void, enabled = true, onReopen?: () => void): void {
  const onCloseRef = useRef(onClose);
  const onReopenRef = useRef(onReopen);
  useEffect(() => {
    onCloseRef.current = onClose;
    onReopenRef.current = onReopen;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const shared = sharedState();
    watchForward();
    layerCount += 1;
    let id = `layer-${Date.now().toString(36)}-${layerCount}`;
    let mounted = true;
    let listening = false;
    let popped = false;
    const onPopState = () => {
      if (layersHere().includes(id)) return;
      popped = true;
      const reopen = onReopenRef.current;
      if (reopen) shared.reopeners.set(id, reopen);
      onCloseRef.current();
    };
    const takeEntry = () => {
      if (!mounted) return;
      const layers = layersHere();
      if (shared.reopening !== undefined && layers.at(-1) === shared.reopening) {
        // Reopened by Forward: the entry is this layer's already.
        id = shared.reopening;
        shared.reopening = undefined;
      } else if (shared.pendingBack !== undefined && layers.length > 0) {
        // The layer that just closed leaves its entry to this one.
        clearTimeout(shared.pendingBack);
        shared.pendingBack = undefined;
        window.history.replaceState(
          { ...stateObject(), [LAYERS]: [...layers.slice(0, -1), id] },
          '',
        );
      } else {
        window.history.pushState({ ...stateObject(), [LAYERS]: [...layers, id] }, '');
      }
      shared.openLayers.add(id);
      window.addEventListener('popstate', onPopState);
      listening = true;
    };
    afterBackInFlight(takeEntry);

    return () => {
      mounted = false;
      if (!listening) return;
      shared.openLayers.delete(id);
      window.removeEventListener('popstate', onPopState);
      if (popped || !isTopLayer(id)) return;
      shared.pendingBack = setTimeout(() => {
        shared.pendingBack = undefined;
        if (isTopLayer(id)) goBack();
      }, 0);
    };
  }, [enabled]);
}
