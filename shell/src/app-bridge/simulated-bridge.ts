import type { AppBridge, AppUserInfoAndroid } from 'shared-contracts';

/** The development app user (edit it in the browser's storage to try other cases). */
export const SIMULATED_USER_KEY = 'nimbus:simulated-app-user';

const DEFAULT_USER: AppUserInfoAndroid = {
  user_id: 10001,
  user_community_activity_reward: { has_granted_discord_reward: false },
};

/** A bridge for development only (config.simulatedBridge): answers like the Android app. */
export function createSimulatedBridge(storage: Storage = localStorage): AppBridge {
  const read = (): AppUserInfoAndroid => {
    const stored = storage.getItem(SIMULATED_USER_KEY);
    if (!stored) return { ...DEFAULT_USER };
    try {
      return JSON.parse(stored) as AppUserInfoAndroid;
    } catch {
      return { ...DEFAULT_USER };
    }
  };
  return {
    getUserInfo: async () => read(),
    async postEvent(name, content) {
      console.info('[simulated app] postEvent', name, content);
    },
    async onCommunityActSuccess(userId) {
      console.info('[simulated app] onCommunityActSuccess', userId);
      const user = read();
      storage.setItem(
        SIMULATED_USER_KEY,
        JSON.stringify({
          ...user,
          user_community_activity_reward: { has_granted_discord_reward: true },
        }),
      );
    },
  };
}
