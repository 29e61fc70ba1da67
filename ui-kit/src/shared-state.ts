/**
 * Page-wide state of the overlays. Every app compiles its own copy of ui-kit, so this lives on
 * `globalThis` under a registered symbol: the shell's dialogs and a remote's dialogs then share
 * one stack of focus traps (only the top one answers Escape and Tab) and one scroll lock.
 */
interface OverlayRuntime {
  /** Open focus traps, innermost last. */
  traps: object[];
  /** How many open dialogs lock the page scroll. */
  scrollLocks: number;
  /** `document.body.style.overflow` before the first lock. */
  savedOverflow: string;
}

const KEY = Symbol.for('nimbus.ui-kit.overlays');

export function sharedState(): OverlayRuntime {
  const holder = globalThis as typeof globalThis & { [KEY]?: OverlayRuntime };
  holder[KEY] ??= { traps: [], scrollLocks: 0, savedOverflow: '' };
  return holder[KEY];
}
