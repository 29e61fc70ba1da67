import { useCallback, useEffect, useRef, useState } from 'react';
import {
  INVITE_ACTIVITY_ID,
  ResponseCode,
  type EventName,
  type HostServices,
  type InviteLanguage,
} from 'shared-contracts';
import {
  addonStateOf,
  FAILURE_FLAG_KEY,
  failureMessage,
  isAllowedAuthUrl,
  isVerifiable,
  joinBlocker,
  NO_USER,
  oauthReturnOf,
  parseUserInfo,
  readFailureCode,
  redirectUriOf,
  reloadUrlOf,
  type InviteUser,
  type MessageKey,
} from '../flow';
import type { InviteBrowser } from './invite-browser';

export type InvitePhase = 'card' | 'processing' | 'success';

export interface InviteFlow {
  phase: InvitePhase;
  /** The message to show on the card, if any. */
  message: MessageKey | null;
  /** The app user, once read (null before). */
  user: InviteUser | null;
  /** The join button is waiting for the auth URL. */
  joining: boolean;
  join(): void;
}

/** A transport failure or an answer without a code counts as the generic failure. */
const UNKNOWN_FAILURE = ResponseCode.Failed;

/**
 * The invite flow (docs/product.md, "The invite page") and the join button. The browser (address,
 * navigation, session storage) is passed in so tests can drive it.
 */
export function useInviteFlow(
  host: HostServices,
  browser: InviteBrowser,
  language: InviteLanguage,
): InviteFlow {
  const [oauthReturn] = useState(() => oauthReturnOf(browser.search));
  // Step 3 shows the loading state as soon as the page knows it returns from the community
  // (a pending failure flag, step 2, comes first and never carries code and state).
  const [phase, setPhase] = useState<InvitePhase>(() =>
    oauthReturn && readFailureCode(browser.storage) === null ? 'processing' : 'card',
  );
  const [message, setMessage] = useState<MessageKey | null>(null);
  const [user, setUser] = useState<InviteUser | null>(null);
  const [joining, setJoining] = useState(false);
  const entered = useRef(false);

  const report = useCallback(
    (name: EventName, content: Record<string, string | number> = {}) =>
      host.events.report(name, { lang: language, ...content }),
    [host, language],
  );

  const readUser = useCallback(
    () =>
      host.appBridge.getUserInfo().then(
        (info) => parseUserInfo(info),
        () => NO_USER, // 'not support platform' or any bridge failure: no user.
      ),
    [host],
  );

  useEffect(() => {
    if (!entered.current) {
      entered.current = true;
      report('community_vip_enter');
    }
  }, [report]);

  useEffect(() => {
    let active = true;
    const redirectUri = redirectUriOf(browser.origin, browser.pathname);

    const run = async () => {
      // 1. Read the user from the app.
      const appUser = await readUser();
      if (!active) return;
      setUser(appUser);

      // 2. A failed attempt left a flag: show its message, clear it, stop.
      const failedCode = readFailureCode(browser.storage);
      if (failedCode !== null) {
        browser.storage.removeItem(FAILURE_FLAG_KEY);
        setPhase('card');
        setMessage(failureMessage(failedCode));
        return;
      }

      // 3. Back from the community with code and state: the loading state.
      if (oauthReturn) setPhase('processing');

      // 4. Already granted: say so and stop.
      if (appUser.granted) {
        setPhase('card');
        setMessage('errorReceived');
        return;
      }

      // 5. Code and state: call the callback as the app user, or ask to log in to the app.
      if (!oauthReturn) return;
      if (!isVerifiable(appUser)) {
        setPhase('card');
        setMessage('errorNoUser');
        return;
      }
      const userId = appUser.userId;
      report('community_vip5');
      let code: number;
      try {
        const envelope = await host.api.call(
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an API route, not a text
          '/community_activity/{community}/oauth/callback',
          {
            code: oauthReturn.code,
            state: oauthReturn.state,
            user_id: userId,
            activity_id: INVITE_ACTIVITY_ID,
            redirect_uri: redirectUri,
          },
          { token: appUser.token },
        );
        code = typeof envelope.code === 'number' ? envelope.code : UNKNOWN_FAILURE;
      } catch {
        code = UNKNOWN_FAILURE;
      }
      if (!active) return;

      if (code === ResponseCode.Success) {
        // 6. Success: show it, tell the app, re-read the user (now granted).
        setPhase('success');
        report('community_vip_success');
        host.appBridge.onCommunityActSuccess(String(userId)).catch(() => undefined);
        const updated = await readUser();
        if (active) setUser(updated);
        return;
      }

      // 7. Failure: leave a flag for the reloaded page and reload with only the language.
      report('community_vip_fail', { stage: 'callback', code });
      browser.storage.setItem(FAILURE_FLAG_KEY, String(code));
      browser.replace(reloadUrlOf(browser.pathname, language));
    };

    void run();
    return () => {
      active = false;
    };
  }, [host, browser, language, oauthReturn, readUser, report]);

  const join = useCallback(() => {
    if (joining) return;
    report('community_vip2');
    const appUser = user ?? NO_USER;
    const blocker = joinBlocker(appUser);
    if (blocker || !isVerifiable(appUser)) {
      setMessage(blocker ?? 'errorNoUser');
      return;
    }
    setMessage(null);
    setJoining(true);
    const fail = (code: number) => {
      report('community_vip_fail', { stage: 'auth_url', code });
      setMessage('errorDefault');
      setJoining(false);
    };
    host.api
      .call(
        // eslint-disable-next-line lingui/no-unlocalized-strings -- an API route, not a text
        '/community_activity/{community}/auth_url',
        {
          redirect_uri: redirectUriOf(browser.origin, browser.pathname),
          addon_state: addonStateOf(language),
        },
        { token: appUser.token },
      )
      .then((envelope) => {
        const url = envelope.data?.auth_url;
        if (envelope.code !== ResponseCode.Success) return fail(envelope.code);
        if (!isAllowedAuthUrl(url, host.config.inviteAuthOrigins)) return fail(UNKNOWN_FAILURE);
        report('community_vip4');
        browser.assign(url);
      })
      .catch(() => fail(UNKNOWN_FAILURE));
  }, [joining, user, report, host, browser, language]);

  return { phase, message, user, joining, join };
}
