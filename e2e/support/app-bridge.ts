import type { Page } from '@playwright/test';

/** What the simulated app was asked to do: method and parameters, in order. */
export interface AppCall {
  method: string;
  params: Record<string, string>;
}

/**
 * Where the simulated app gets its user from: a fixed user, or the server's development
 * endpoint `GET /api/dev/app-user/:id` (SIMULATED_BRIDGE=1), as the real app would ask its own
 * backend, so the reward flag follows the database.
 */
export type AppUserSource =
  { kind: 'fixed'; userId: number; granted: boolean } | { kind: 'server'; userId: number };

/**
 * Makes the page look like it runs inside the mobile app: Android's `window.NimbusAndroid`, or
 * iOS's `window.webkit.messageHandlers.nimbus` answering through `window.nimbusBridgeCallback`
 * (shell/src/app-bridge/app-bridge.ts). Every call is recorded in `window.__appCalls`.
 */
export async function simulateApp(
  page: Page,
  platform: 'android' | 'ios',
  source: AppUserSource,
): Promise<void> {
  await page.addInitScript(
    ({ platform, source }) => {
      type Call = { method: string; params: Record<string, string> };
      const win = window as unknown as Record<string, unknown> & { __appCalls: Call[] };
      win.__appCalls = [];
      const record = (method: string, params: Record<string, string>) =>
        win.__appCalls.push({ method, params });
      const readUser = (): { userId: number; granted: boolean } => {
        if (source.kind === 'fixed') return { userId: source.userId, granted: source.granted };
        // The Android interface is synchronous, so the lookup is too.
        const xhr = new XMLHttpRequest();
        xhr.open('GET', `/api/dev/app-user/${source.userId}`, false);
        xhr.send();
        const body = JSON.parse(xhr.responseText) as {
          data?: { user_id: number; has_granted_discord_reward: boolean };
          user_id?: number;
          has_granted_discord_reward?: boolean;
        };
        const user = body.data ?? body;
        return { userId: Number(user.user_id), granted: user.has_granted_discord_reward === true };
      };
      if (platform === 'android') {
        win.NimbusAndroid = {
          getUserInfo() {
            record('getUserInfo', {});
            const user = readUser();
            return JSON.stringify({
              user_id: user.userId,
              user_community_activity_reward: { has_granted_discord_reward: user.granted },
            });
          },
          postEvent(name: string, content: string) {
            record('postEvent', { name, content });
          },
          onCommunityActSuccess(userId: string) {
            record('onCommunityActSuccess', { userId });
          },
        };
      } else {
        win.webkit = {
          messageHandlers: {
            nimbus: {
              postMessage(message: Call & { callbackId: string }) {
                record(message.method, message.params);
                const answer =
                  message.method === 'getUserInfo'
                    ? (() => {
                        const user = readUser();
                        return JSON.stringify({
                          user_id: user.userId,
                          has_granted_discord_reward: user.granted,
                        });
                      })()
                    : '{}';
                setTimeout(() => {
                  const callback = win.nimbusBridgeCallback as
                    ((id: string, result: string) => void) | undefined;
                  callback?.(message.callbackId, answer);
                }, 0);
              },
            },
          },
        };
      }
    },
    { platform, source },
  );
}

/** The calls the simulated app received on the current page. */
export function appCalls(page: Page): Promise<AppCall[]> {
  return page.evaluate(() => (window as unknown as { __appCalls?: AppCall[] }).__appCalls ?? []);
}
