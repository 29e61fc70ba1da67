import { proxy } from 'valtio';
import {
  MOBILE_MAX_WIDTH,
  platformOfUserAgent,
  type Platform,
  type PlatformState,
} from 'shared-contracts';

/** Spec section 1: android / ios by user agent, else mobile at 756 px or less, else other (PC). */
export function detectPlatform(userAgent: string, width: number): Platform {
  return platformOfUserAgent(userAgent) ?? (width <= MOBILE_MAX_WIDTH ? 'mobile' : 'other');
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
