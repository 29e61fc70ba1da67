/**
 * Page-wide state of the overlays. Every app compiles its own copy of ui-kit, so this lives on
 * `globalThis` under a registered symbol: the shell's dialogs and a remote's dialogs then share
 * one stack of focus traps (only the top one answers Escape and Tab), one scroll lock and one
 * inert page behind the top dialog. A remote built with an older ui-kit may have made the
 * object without the newer fields: each is filled in when missing.
 */
interface OverlayRuntime {
  /** Open focus traps, innermost last (each token may name its trap's root). */
  traps: { root?: HTMLElement }[];
  /** How many open dialogs lock the page scroll. */
  scrollLocks: number;
  /** `document.body.style.overflow` before the first lock. */
  savedOverflow: string;
  /** The elements made inert behind the top dialog (none were inert before). */
  inerted: HTMLElement[];
  /** Each trap's root and the element that had the focus when it opened. */
  openers: WeakMap<HTMLElement, HTMLElement | null>;
  /** A layer's Back waiting for the end of its task (history/history-layers.ts). */
  pendingBack: ReturnType<typeof setTimeout> | undefined;
  /** A Back the browser has not finished yet (its popstate has not come). */
  backInFlight: Promise<void> | null;
  /** The history layers open now, by id (history/history-layers.ts). */
  openLayers: Set<string>;
  /** Layers Back closed that can open again when Forward returns to their entry, by id. */
  reopeners: Map<string, () => void>;
  /** The id of a layer reopening on its own entry: the layer that mounts next takes it. */
  reopening: string | undefined;
  /** Whether the page-wide watch of Forward is on. */
  watchingForward: boolean;
}

const KEY = Symbol.for('nimbus.ui-kit.overlays');

export function sharedState(): OverlayRuntime {
  const holder = globalThis as typeof globalThis & { [KEY]?: Partial<OverlayRuntime> };
  const state = (holder[KEY] ??= {});
  state.traps ??= [];
  state.scrollLocks ??= 0;
  state.savedOverflow ??= '';
  state.inerted ??= [];
  state.openers ??= new WeakMap();
  state.backInFlight ??= null;
  state.openLayers ??= new Set();
  state.reopeners ??= new Map();
  state.watchingForward ??= false;
  return state as OverlayRuntime;
}
