import { md5 } from 'js-md5';
import type { ApiClient, EventContent, EventName } from 'shared-contracts';

/** Spec section 7: sign = MD5(content + event_name + the configured key). */
export function signEvent(content: string, eventName: string, key: string): string {
  return md5(content + eventName + key);
}

/** `events.report`: fire and forget, silent on any failure. */
export function createEventReporter(api: ApiClient, signKey: string) {
  return {
    report(name: EventName, content: EventContent = {}): void {
      const text = JSON.stringify(content);
      try {
        api
          .call(
            '/event/report',
            { event_name: name, content: text, sign: signEvent(text, name, signKey) },
            { silent: true },
          )
          .catch(() => undefined);
      } catch {
        // Never let analytics break a page.
      }
    },
  };
}
