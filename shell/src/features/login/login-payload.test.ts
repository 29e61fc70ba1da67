import { loginPayloadOf } from './login-payload';

const identity = {
  type: 'nimbus:identity' as const,
  provider: 'AppleID' as const,
  token: 'id-token',
  username: 'Ann',
  account: 'ann@example.com',
};

describe('loginPayloadOf', () => {
  it('is the documented payload: token, username, account, autoSave, type and fileId', () => {
    expect(loginPayloadOf(identity, { autoSave: true, fileId: '42' })).toEqual({
      token: 'id-token',
      username: 'Ann',
      account: 'ann@example.com',
      autoSave: true,
      type: 'AppleID',
      fileId: '42',
    });
  });

  it('keeps a file id only in save mode', () => {
    expect(loginPayloadOf(identity, { autoSave: false, fileId: '42' }).fileId).toBe('');
  });
});
