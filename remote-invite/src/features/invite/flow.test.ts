import {
  addonStateOf,
  FAILURE_FLAG_KEY,
  failureMessage,
  isAllowedAuthUrl,
  joinBlocker,
  oauthReturnOf,
  parseUserInfo,
  readFailureCode,
  redirectUriOf,
  reloadUrlOf,
} from './flow';

describe('parseUserInfo', () => {
  it('reads the Android shape', () => {
    expect(
      parseUserInfo({
        user_id: 42,
        token: 'app-token',
        user_community_activity_reward: { has_granted_discord_reward: true },
      }),
    ).toEqual({ userId: 42, token: 'app-token', granted: true });
  });

  it('reads the iOS shape', () => {
    expect(
      parseUserInfo({ user_id: '7', token: 'app-token', has_granted_discord_reward: false }),
    ).toEqual({ userId: 7, token: 'app-token', granted: false });
    expect(parseUserInfo({ user_id: 7, has_granted_discord_reward: true }).granted).toBe(true);
  });

  it('has no user without a usable id', () => {
    expect(parseUserInfo(null)).toEqual({ userId: null, token: null, granted: false });
    expect(parseUserInfo({ user_id: 7, token: '' }).token).toBeNull();
    expect(parseUserInfo({}).userId).toBeNull();
    expect(parseUserInfo({ user_id: '' }).userId).toBeNull();
    expect(parseUserInfo({ user_id: 0 }).userId).toBeNull();
    expect(parseUserInfo({ user_id: 'abc' }).userId).toBeNull();
  });
});

describe('failure flag', () => {
  it('maps 1001 to the community-account message and anything else to the default', () => {
    expect(failureMessage(1001)).toBe('errorCommunityReceived');
    expect(failureMessage(1000)).toBe('errorDefault');
    expect(failureMessage(5000)).toBe('errorDefault');
  });

  it('reads the stored code', () => {
    const storage = new Map<string, string>();
    const reader = { getItem: (key: string) => storage.get(key) ?? null };
    expect(readFailureCode(reader)).toBeNull();
    storage.set(FAILURE_FLAG_KEY, '1001');
    expect(readFailureCode(reader)).toBe(1001);
    storage.set(FAILURE_FLAG_KEY, 'garbage');
    expect(readFailureCode(reader)).toBe(1000);
  });
});

describe('addresses', () => {
  it('finds code and state only together', () => {
    expect(oauthReturnOf('?code=c&state=s')).toEqual({ code: 'c', state: 's' });
    expect(oauthReturnOf('?code=c')).toBeNull();
    expect(oauthReturnOf('?state=s')).toBeNull();
  });

  it('builds the redirect, reload and addon state values', () => {
    expect(redirectUriOf('https://nimbus.example', '/invite')).toBe(
      'https://nimbus.example/invite',
    );
    expect(reloadUrlOf('/invite', 'zhCHS')).toBe('/invite?lang=zhCHS');
    expect(addonStateOf('zh')).toBe('lang=zh');
  });
});

describe('isAllowedAuthUrl', () => {
  const allowed = ['https://discord.example', 'http://localhost:8080'];

  it('accepts http(s) URLs on an allowed origin', () => {
    expect(isAllowedAuthUrl('https://discord.example/oauth2/authorize?x=1', allowed)).toBe(true);
    expect(isAllowedAuthUrl('http://localhost:8080/dev/community', allowed)).toBe(true);
  });

  it('rejects other origins, schemes and non-URLs', () => {
    expect(isAllowedAuthUrl('https://evil.example/oauth', allowed)).toBe(false);
    expect(isAllowedAuthUrl('https://discord.example.evil.example/', allowed)).toBe(false);
    expect(isAllowedAuthUrl('http://discord.example/oauth', allowed)).toBe(false);
    expect(isAllowedAuthUrl('http://localhost:9090/x', allowed)).toBe(false);
    expect(isAllowedAuthUrl('javascript:alert(1)', allowed)).toBe(false);
    expect(isAllowedAuthUrl('/relative', allowed)).toBe(false);
    expect(isAllowedAuthUrl(undefined, allowed)).toBe(false);
    expect(isAllowedAuthUrl('https://discord.example/', ['not a url'])).toBe(false);
  });
});

describe('joinBlocker', () => {
  it('blocks a granted reward, then a user the server cannot verify', () => {
    expect(joinBlocker({ userId: 1, token: 't', granted: true })).toBe('errorReceived');
    expect(joinBlocker({ userId: null, token: null, granted: true })).toBe('errorReceived');
    expect(joinBlocker({ userId: null, token: null, granted: false })).toBe('errorNoUser');
    expect(joinBlocker({ userId: 1, token: null, granted: false })).toBe('errorNoUser');
    expect(joinBlocker({ userId: 1, token: 't', granted: false })).toBeNull();
  });
});
