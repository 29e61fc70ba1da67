import { PopupBlockedError } from './identity-adapter';
import {
  createPopupAdapter,
  POPUP_CLOSED_GRACE_MS,
  POPUP_POLL_MS,
  signInUrlOf,
} from './popup-adapter';

const identity = {
  provider: 'development' as const,
  origin: 'https://id.example.com',
  signInUrl: 'https://id.example.com/idp/authorize',
};
const message = {
  type: 'nimbus:identity',
  provider: 'Google',
  token: 'signed-token',
  username: 'Carol',
  account: 'carol@example.com',
};

function fakePopup() {
  return { closed: false, close: jest.fn() };
}

describe('popup identity adapter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('asks Google for the email and Apple for the email and name', () => {
    expect(signInUrlOf('/idp/authorize', 'Google')).toBe(
      '/idp/authorize?provider=Google&scope=email',
    );
    expect(signInUrlOf('/idp/authorize', 'AppleID')).toBe(
      '/idp/authorize?provider=AppleID&scope=email%20name',
    );
  });

  it('resolves with the message from the provider origin and ignores every other', async () => {
    const popup = fakePopup();
    const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = createPopupAdapter(identity, window).signIn('Google');
    expect(open).toHaveBeenCalledWith(
      'https://id.example.com/idp/authorize?provider=Google&scope=email',
      'nimbus-login',
      expect.any(String),
    );
    window.dispatchEvent(
      new MessageEvent('message', { origin: 'https://evil.example', data: message }),
    );
    window.dispatchEvent(
      new MessageEvent('message', { origin: identity.origin, data: { type: 'other', token: 'x' } }),
    );
    window.dispatchEvent(new MessageEvent('message', { origin: identity.origin, data: message }));
    await expect(result).resolves.toEqual(message);
  });

  it('resolves null when the person closes the popup', async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = createPopupAdapter(identity, window).signIn('AppleID');
    popup.closed = true;
    jest.advanceTimersByTime(POPUP_POLL_MS + POPUP_CLOSED_GRACE_MS);
    await expect(result).resolves.toBeNull();
  });

  it('still signs in when the popup is seen closed before its message arrives', async () => {
    const popup = fakePopup();
    jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const result = createPopupAdapter(identity, window).signIn('Google');
    // The provider's page posts its result and closes itself at once; on a busy page the check
    // for a closed popup can run first.
    popup.closed = true;
    jest.advanceTimersByTime(POPUP_POLL_MS);
    window.dispatchEvent(new MessageEvent('message', { origin: identity.origin, data: message }));
    await expect(result).resolves.toEqual(message);
  });

  it('rejects when the browser blocks the popup', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    await expect(createPopupAdapter(identity, window).signIn('Google')).rejects.toBeInstanceOf(
      PopupBlockedError,
    );
  });
});
