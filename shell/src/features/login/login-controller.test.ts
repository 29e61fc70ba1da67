import type { ApiClient, SessionService } from 'shared-contracts';
import { IdentityNetworkError, PopupBlockedError } from './identity/identity-adapter';
import { createLoginController } from './login-controller';

function setup(signIn: () => Promise<never | null>) {
  const toasts: string[] = [];
  const events: string[] = [];
  const controller = createLoginController({
    api: { call: jest.fn() } as unknown as ApiClient,
    toast: { show: (text) => toasts.push(text), loading: () => undefined, hide: () => undefined },
    session: { refresh: jest.fn() } as unknown as SessionService,
    setToken: jest.fn(),
    events: { report: (name) => events.push(name) },
    language: 'en',
    identity: async () => ({ signIn }),
  });
  return { controller, toasts, events };
}

describe('login controller', () => {
  it('asks to allow pop-ups when the browser blocked the popup, and reports login_fail', async () => {
    const { controller, toasts, events } = setup(() => Promise.reject(new PopupBlockedError()));
    void controller.service.open();
    await controller.choose('Google');
    expect(toasts).toEqual(['Please allow pop-ups for this site to log in.']);
    expect(events).toEqual(['web_login_third_party', 'login_fail']);
    expect(controller.state.open).toBe(true);
    expect(controller.state.pending).toBeNull();
  });

  it('says the sign-in service could not be reached on a network failure', async () => {
    const { controller, toasts, events } = setup(() =>
      Promise.reject(new IdentityNetworkError('auth/network-request-failed')),
    );
    void controller.service.open();
    await controller.choose('AppleID');
    expect(toasts).toEqual([
      'Could not reach the sign-in service. Check your connection and try again.',
    ]);
    expect(events).toEqual(['web_login_third_party', 'login_fail']);
  });

  it('tracks a closed popup as web_login_cancel and changes nothing else', async () => {
    const { controller, toasts, events } = setup(() => Promise.resolve(null));
    void controller.service.open({ save: true, fileId: '7' });
    await controller.choose('Google');
    expect(events).toEqual(['web_login_third_party', 'web_login_cancel']);
    expect(toasts).toEqual([]);
    expect(controller.state).toMatchObject({ open: true, autoSave: true, fileId: '7' });
  });

  it('a second open dismisses the first (it resolves null) and keeps the new options', async () => {
    const { controller } = setup(() => Promise.reject(new Error('x')));
    const first = controller.service.open({ save: true, fileId: '1' });
    void controller.service.open({ save: false });
    await expect(first).resolves.toBeNull();
    expect(controller.state).toMatchObject({ open: true, autoSave: false, fileId: '' });
  });
});
