import { identityOfFirebaseUser, type FirebaseUserLike } from './firebase-user';

const user = (overrides: Partial<FirebaseUserLike> = {}): FirebaseUserLike => ({
  displayName: null,
  email: null,
  phoneNumber: null,
  providerData: [],
  ...overrides,
});

describe('the login payload from a Firebase user', () => {
  it('names the person by display name and account by email', () => {
    expect(
      identityOfFirebaseUser(
        user({ displayName: 'Carol Jones', email: 'carol@example.com', phoneNumber: '+15550100' }),
        'id-token',
        'Google',
      ),
    ).toEqual({
      type: 'nimbus:identity',
      provider: 'Google',
      token: 'id-token',
      username: 'Carol Jones',
      account: 'carol@example.com',
    });
  });

  it('uses the phone number as the account when there is no email', () => {
    const identity = identityOfFirebaseUser(
      user({ displayName: 'Dev', phoneNumber: '+15550100' }),
      't',
      'Google',
    );
    expect(identity.account).toBe('+15550100');
  });

  it("falls back to the provider's name, then the email's local part, then the phone number", () => {
    const apple = (overrides: Partial<FirebaseUserLike>) =>
      identityOfFirebaseUser(user(overrides), 't', 'AppleID').username;
    expect(
      apple({
        email: 'x@privaterelay.appleid.com',
        providerData: [{ displayName: 'Ann Lee', email: null, phoneNumber: null }],
      }),
    ).toBe('Ann Lee');
    expect(apple({ email: 'ann.lee@example.com' })).toBe('ann.lee');
    expect(apple({ displayName: '  ', phoneNumber: '+15550101' })).toBe('+15550101');
    expect(apple({})).toBe('');
  });

  it("takes the email from the provider's data when the user has none at the top", () => {
    const identity = identityOfFirebaseUser(
      user({ providerData: [{ displayName: null, email: 'bo@example.com', phoneNumber: null }] }),
      't',
      'AppleID',
    );
    expect(identity).toMatchObject({ account: 'bo@example.com', username: 'bo' });
  });
});
