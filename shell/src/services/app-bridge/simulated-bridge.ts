import { type AppBridge, type AppUserInfoAndroid } from 'shared-contracts';
import { API_HEADERS } from 'shared-contracts/page';

/** A stored app user (JSON) overrides the default one, to try other cases in the browser. */
export const SIMULATED_USER_KEY = 'nimbus:simulated-app-user';

export interface SimulatedBridgeOptions {
  storage: Storage;
  /** Base URL of the API, whose development route tells a session's app user. */
  apiBaseUrl: string;
  /** The site's stored login token: its user plays the app user. Known from the page's start. */
  sessionToken(): string;
  fetchImpl?: typeof fetch;
}

/**
 * A bridge for development only (config.simulatedBridge): answers like the Android app, for
 * the user logged in on the site, with that user's session token (as the app hands over its own)
 * and the reward state the server holds for them. With nobody logged in it answers like an app
 * without a login: no user id.
 */
export function createSimulatedBridge({
  storage,
  apiBaseUrl,
  sessionToken,
  fetchImpl = (...args) => fetch(...args),
}: SimulatedBridgeOptions): AppBridge {
  /** The server's answer for the token: the app user and their reward state; null without one. */
  const appUserOf = async (token: string): Promise<AppUserInfoAndroid | null> => {
    try {
      const response = await fetchImpl(`${apiBaseUrl}/dev/app-user`, {
        headers: { [API_HEADERS.token]: token },
      });
      if (!response.ok) return null;
      const body = (await response.json()) as {
        user_id?: number;
        has_granted_discord_reward?: boolean;
      };
      if (typeof body.user_id !== 'number') return null;
      return {
        user_id: body.user_id,
        token,
        user_community_activity_reward: {
          has_granted_discord_reward: body.has_granted_discord_reward === true,
        },
      };
    } catch {
      return null;
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
    const token = sessionToken();
    return (token && (await appUserOf(token))) || {};
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
