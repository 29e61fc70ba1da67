import { FIRST_SCREEN_ATTRIBUTE } from 'shared-contracts/page';
import { nextTask } from '../lib/main-thread/next-task';

/** The start-up's steps, each marked in the page's performance timeline as it begins. */
export type StartUpStep =
  | 'read-answers'
  | 'register-remotes'
  | 'load-remote'
  | 'remote-module'
  | 'react-dom'
  | 'app-modules'
  | 'start-shell'
  | 'intl-data';

/** The prefix of the start-up's marks (`performance.mark`), seen in a profile and by a guard test. */
export const START_UP_MARK = 'nimbus:start-up:';

/** How the app starts: over the first screen the server rendered into the page, or over nothing. */
export interface StartUp {
  overFirstScreen: boolean;
  /** Resolves when the next step of the start-up may run. */
  pause(): Promise<void>;
  /** Pauses, then marks the step that begins (docs/performance.md, "The shell's start-up"). */
  step(name: StartUpStep): Promise<void>;
}

export function markStartUpStep(name: StartUpStep): void {
  performance.mark(`${START_UP_MARK}${name}`);
}

/**
 * The start-up for the page's app container. Over the server's first screen the page is painted
 * already, so each step runs in a task of its own: a long task would hold up its frames and input
 * (and add to the Total Blocking Time). Over an empty page nothing but the first paint waits for
 * the start-up, so it runs straight on.
 */
export function startUpOver(container: Element | null): StartUp {
  const overFirstScreen = container?.querySelector(`[${FIRST_SCREEN_ATTRIBUTE}]`) != null;
  const pause: () => Promise<void> = overFirstScreen ? nextTask : () => Promise.resolve();
  return {
    overFirstScreen,
    pause,
    step: (name) => pause().then(() => markStartUpStep(name)),
  };
}
