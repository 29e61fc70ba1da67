import { proxy } from 'valtio';
import { platformOf, type Platform, type PlatformState } from 'shared-contracts';

/** The browser's class by shared-contracts' rule: its user agent, then the window's width. */
export function detectPlatform(userAgent: string, width: number): Platform {
  return platformOf({ userAgent, width });
}

/** The platform as a valtio proxy, kept up to date on resize. Returns a disposer. */
export function createPlatformState(win: Window = window): {
  state: PlatformState;
  dispose(): void;
} {
  const current = () => detectPlatform(win.navigator.userAgent, win.innerWidth);
  const state = proxy<PlatformState>({ platform: current() });
  const onResize = () => {
    const next = current();
    if (state.platform !== next) state.platform = next;
  };
  win.addEventListener('resize', onResize);
  return { state, dispose: () => win.removeEventListener('resize', onResize) };
}
