import { createAppBridge, type BridgeWindow, type IosBridgeMessage } from './app-bridge';
import { createSimulatedBridge, SIMULATED_USER_KEY } from './simulated-bridge';

type TestWindow = Window & BridgeWindow;
const testWindow = window as TestWindow;

describe('app bridge', () => {
  afterEach(() => {
    delete testWindow.NimbusAndroid;
    delete testWindow.webkit;
    delete testWindow.nimbusBridgeCallback;
    localStorage.clear();
  });

  it('rejects with "not support platform" outside the app', async () => {
    const bridge = createAppBridge(window, null);
    await expect(bridge.getUserInfo()).rejects.toThrow('not support platform');
    await expect(bridge.postEvent('x', {})).rejects.toThrow('not support platform');
    await expect(bridge.onCommunityActSuccess('1')).rejects.toThrow('not support platform');
  });

  it('talks to the Android interface window.NimbusAndroid', async () => {
    const android = {
      getUserInfo: jest.fn(() =>
        JSON.stringify({
          user_id: 7,
          user_community_activity_reward: { has_granted_discord_reward: true },
        }),
      ),
      postEvent: jest.fn(),
      onCommunityActSuccess: jest.fn(),
    };
    testWindow.NimbusAndroid = android;
    const bridge = createAppBridge(window, null);
    await expect(bridge.getUserInfo()).resolves.toEqual({
      user_id: 7,
      user_community_activity_reward: { has_granted_discord_reward: true },
    });
    await bridge.postEvent('community_vip_enter', { a: 1 });
    expect(android.postEvent).toHaveBeenCalledWith('community_vip_enter', '{"a":1}');
    await bridge.onCommunityActSuccess('7');
    expect(android.onCommunityActSuccess).toHaveBeenCalledWith('7');
  });

  it('talks to the iOS message handler and resolves through nimbusBridgeCallback', async () => {
    const posted: IosBridgeMessage[] = [];
    testWindow.webkit = {
      messageHandlers: {
        nimbus: {
          postMessage: (message) => {
            posted.push(message);
            if (message.method === 'getUserInfo') {
              setTimeout(() =>
                testWindow.nimbusBridgeCallback?.(
                  message.callbackId,
                  JSON.stringify({ user_id: 5, has_granted_discord_reward: false }),
                ),
              );
            }
          },
        },
      },
    };
    const bridge = createAppBridge(window, null);
    await expect(bridge.getUserInfo()).resolves.toEqual({
      user_id: 5,
      has_granted_discord_reward: false,
    });
    await bridge.onCommunityActSuccess('5');
    expect(posted.map((m) => [m.method, m.params])).toEqual([
      ['getUserInfo', {}],
      ['onCommunityActSuccess', { userId: '5' }],
    ]);
    expect(posted[0]?.callbackId).not.toEqual(posted[1]?.callbackId);
  });

  it('uses the simulated bridge only when given one (config.simulatedBridge)', async () => {
    localStorage.setItem(SIMULATED_USER_KEY, JSON.stringify({ user_id: 99 }));
    const bridge = createAppBridge(
      window,
      createSimulatedBridge({ storage: localStorage, apiBaseUrl: '/api', sessionToken: () => 't' }),
    );
    await expect(bridge.getUserInfo()).resolves.toEqual({ user_id: 99 });
    localStorage.removeItem(SIMULATED_USER_KEY);
  });

  it("plays the logged-in user as the app user, with their session token and the server's reward state", async () => {
    const fetchImpl = jest.fn(async () => ({
      ok: true,
      json: async () => ({ user_id: 2, has_granted_discord_reward: true }),
    }));
    const bridge = createSimulatedBridge({
      storage: localStorage,
      apiBaseUrl: '/api',
      sessionToken: () => 'carol-token',
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await expect(bridge.getUserInfo()).resolves.toEqual({
      user_id: 2,
      token: 'carol-token',
      user_community_activity_reward: { has_granted_discord_reward: true },
    });
    expect(fetchImpl).toHaveBeenCalledWith('/api/dev/app-user', {
      headers: { 'X-Token': 'carol-token' },
    });
  });

  it('answers no user id when nobody is logged in on the site, or the login is stale', async () => {
    const noLogin = createSimulatedBridge({
      storage: localStorage,
      apiBaseUrl: '/api',
      sessionToken: () => '',
    });
    await expect(noLogin.getUserInfo()).resolves.toEqual({});
    const stale = createSimulatedBridge({
      storage: localStorage,
      apiBaseUrl: '/api',
      sessionToken: () => 'expired',
      fetchImpl: (async () => ({
        ok: true,
        json: async () => ({ code: 2000, msg: 'Please log in again', data: null }),
      })) as unknown as typeof fetch,
    });
    await expect(stale.getUserInfo()).resolves.toEqual({});
  });
});
