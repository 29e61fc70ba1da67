import type { AppBridge, AppUserInfoAndroid } from 'shared-contracts';

/** A stored app user (JSON) overrides the default one, to try other cases in the browser. */
export const SIMULATED_USER_KEY = 'nimbus:simulated-app-user';

export interface SimulatedBridgeOptions {
  storage: Storage;
  /** Base URL of the API, whose development route tells an app user's reward state. */
  apiBaseUrl: string;
  /** The user logged in on the site, who plays the app user by default. */
  sessionUserId(): number | null;
  fetchImpl?: typeof fetch;
}

/**
 * A bridge for development only (config.simulatedBridge): answers like the Android app, for
 * the user logged in on the site, with the reward state the server holds for that user.
 * With nobody logged in it answers like an app without a login: no user id.
 */
export function createSimulatedBridge({
  storage,
  apiBaseUrl,
  sessionUserId,
  fetchImpl = (...args) => fetch(...args),
}: SimulatedBridgeOptions): AppBridge {
  const rewardOf = async (userId: number): Promise<boolean> => {
    try {
      const response = await fetchImpl(`${apiBaseUrl}/dev/app-user/${userId}`);
      if (!response.ok) return false;
      const body = (await response.json()) as { has_granted_discord_reward?: boolean };
      return body.has_granted_discord_reward === true;
    } catch {
      return false;
    }
  };

  const read = async (): Promise<AppUserInfoAndroid> => {
    const stored = storage.getItem(SIMULATED_USER_KEY);
    if (stored) {
      try {
        return JSON.parse(stored) as AppUserInfoAndroid;
      } catch {
        storage.removeItem(SIMULATED_USER_KEY);
      }
    }
    const userId = sessionUserId();
    if (userId === null) return {};
    return {
      user_id: userId,
      user_community_activity_reward: { has_granted_discord_reward: await rewardOf(userId) },
    };
  };

  return {
    getUserInfo: read,
    async postEvent(name, content) {
      console.info('[simulated app] postEvent', name, content);
    },
    async onCommunityActSuccess(userId) {
      console.info('[simulated app] onCommunityActSuccess', userId);
    },
  };
}
