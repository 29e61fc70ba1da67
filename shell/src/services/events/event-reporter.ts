import type { ApiClient, EventContent, EventName } from 'shared-contracts';

/**
 * js-md5 travels in a chunk of its own, beside the API client's transport: a report is the first
 * to need either, after the page's start-up, and two files are two tasks for the browser to
 * evaluate, each well under 50 ms on a slow phone, where the two in one file were one of ~67 ms
 * (docs/performance.md, "A quiet main thread after ready").
 */
const loadMd5 = () =>
  import(/* webpackChunkName: "event-sign" */ 'js-md5').then((module) => module.md5);

/** docs/product.md, "Calls": sign = MD5(content + event_name + the configured key). */
export async function signEvent(content: string, eventName: string, key: string): Promise<string> {
  const md5 = await loadMd5();
  return md5(content + eventName + key);
}

/** Runs `send` once the page has loaded and the browser is idle (at most 3 s after the load). */
export function afterLoadWhenIdle(send: () => void, win: Window = window): void {
  const whenIdle = () =>
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(send, { timeout: 3000 })
      : win.setTimeout(send, 200);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

/**
 * `events.report`: fire and forget, silent on any failure. Reports wait until the page has
 * loaded and is idle, then go out in order: analytics never compete with the page's start-up
 * (nor load the API client's code before the page needs it). A page hidden or left sends what
 * is waiting at once.
 */
export function createEventReporter(
  api: ApiClient,
  signKey: string,
  schedule: (send: () => void) => void = afterLoadWhenIdle,
) {
  const waiting: { name: EventName; text: string }[] = [];
  let scheduled = false;
  const send = () => {
    scheduled = false;
    // Signed in order, so they go out in order; never let analytics break a page.
    for (const { name, text } of waiting.splice(0)) {
      signEvent(text, name, signKey)
        .then((sign) =>
          api.call('/event/report', { event_name: name, content: text, sign }, { silent: true }),
        )
        .catch(() => undefined);
    }
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', send);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') send();
    });
  }
  return {
    report(name: EventName, content: EventContent = {}): void {
      waiting.push({ name, text: JSON.stringify(content) });
      if (scheduled) return;
      scheduled = true;
      schedule(send);
    },
  };
}
