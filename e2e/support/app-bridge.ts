import type { Page } from '@playwright/test';

/** What the simulated app was asked to do: method and parameters, in order. */
export interface AppCall {
  method: string;
  params: Record<string, string>;
}

/**
 * Where the simulated app gets its user from: a fixed user, or a signed-in app user whose reward
 * flag the server's development endpoint `GET /api/dev/app-user` tells for its session token
 * (SIMULATED_BRIDGE=1), as the real app would ask its own backend, so the flag follows the
 * database. The app hands the page its session token with the user id.
 */
export type AppUserSource =
  | { kind: 'fixed'; userId: number; granted: boolean; token?: string }
  | { kind: 'server'; userId: number; token: string };

/**
 * Makes the page look like it runs inside the mobile app: Android's `window.NimbusAndroid`, or
 * iOS's `window.webkit.messageHandlers.nimbus` answering through `window.nimbusBridgeCallback`
 * (shell/src/services/app-bridge/app-bridge.ts). Every call is recorded in `window.__appCalls`.
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
      const readUser = (): { userId: number; granted: boolean; token?: string } => {
        if (source.kind === 'fixed') return source;
        // The Android interface is synchronous, so the lookup is too.
        const xhr = new XMLHttpRequest();
        xhr.open('GET', '/api/dev/app-user', false);
        xhr.setRequestHeader('X-Token', source.token);
        xhr.send();
        const body = JSON.parse(xhr.responseText) as { has_granted_discord_reward?: boolean };
        return {
          userId: source.userId,
          token: source.token,
          granted: body.has_granted_discord_reward === true,
        };
      };
      if (platform === 'android') {
        win.NimbusAndroid = {
          getUserInfo() {
            record('getUserInfo', {});
            const user = readUser();
            return JSON.stringify({
              user_id: user.userId,
              token: user.token,
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
                          token: user.token,
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
