import { FIRST_SCREEN_ATTRIBUTE } from 'shared-contracts';

/** How the app starts: over the first screen the server rendered into the page, or over nothing. */
export interface StartUp {
  overFirstScreen: boolean;
  /** Resolves when the next step of the start-up may run. */
  pause(): Promise<void>;
}

/**
 * The start-up for the page's app container. Over the server's first screen the page is painted
 * already, so each step runs in a task of its own: a long task would hold up its frames and input
 * (and add to the Total Blocking Time). Over an empty page nothing but the first paint waits for
 * the start-up, so it runs straight on.
 */
export function startUpOver(container: Element | null): StartUp {
  const overFirstScreen = container?.querySelector(`[${FIRST_SCREEN_ATTRIBUTE}]`) != null;
  return {
    overFirstScreen,
    pause: overFirstScreen
      ? () => new Promise((resolve) => setTimeout(resolve, 0))
      : () => Promise.resolve(),
  };
}
