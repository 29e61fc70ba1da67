import { createIdentityAdapter } from './identity-adapter';
import type { HostedIdentitySdk } from './hosted-adapter';

const hosted = {
  provider: 'hosted' as const,
  origin: 'https://id.example.com',
  signInUrl: 'https://id.example.com/sign-in',
  sdkUrl: 'https://id.example.com/sdk.js',
  clientId: 'client-1',
};

describe('hosted identity adapter', () => {
  afterEach(() => {
    delete window.nimbusIdentitySdk;
    document.head.innerHTML = '';
  });

  it('loads the SDK script once and asks for the scopes of each provider', async () => {
    const signInWithPopup = jest.fn<
      ReturnType<HostedIdentitySdk['signInWithPopup']>,
      Parameters<HostedIdentitySdk['signInWithPopup']>
    >(async () => ({ token: 't', username: 'Carol', account: 'carol@example.com' }));
    const adapter = await createIdentityAdapter(hosted, window);
    const pending = adapter.signIn('AppleID');
    const script = document.head.querySelector('script');
    expect(script).toHaveAttribute('src', 'https://id.example.com/sdk.js');
    window.nimbusIdentitySdk = { signInWithPopup };
    script?.dispatchEvent(new Event('load'));
    await expect(pending).resolves.toEqual({
      type: 'nimbus:identity',
      provider: 'AppleID',
      token: 't',
      username: 'Carol',
      account: 'carol@example.com',
    });
    expect(signInWithPopup).toHaveBeenCalledWith({
      clientId: 'client-1',
      provider: 'AppleID',
      scopes: ['email', 'name'],
    });
    await adapter.signIn('Google');
    expect(signInWithPopup).toHaveBeenLastCalledWith({
      clientId: 'client-1',
      provider: 'Google',
      scopes: ['email'],
    });
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('resolves null when the person closes the provider popup', async () => {
    window.nimbusIdentitySdk = { signInWithPopup: async () => null };
    const adapter = await createIdentityAdapter(hosted, window);
    await expect(adapter.signIn('Google')).resolves.toBeNull();
  });
});
