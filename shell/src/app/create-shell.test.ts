import { TEST_CONFIG } from 'shared-contracts/testing';
import { fakeApiServer, ok } from '../testing/fake-api-server';
import { createShell } from './create-shell';

afterEach(() => {
  document.documentElement.removeAttribute('lang');
  jest.restoreAllMocks();
});

describe("the shell's language (host.language)", () => {
  it('is the one the server painted the page in, and every API call names it', async () => {
    document.documentElement.lang = 'ko';
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    const server = fakeApiServer(() => ok(null));
    const shell = createShell(TEST_CONFIG, { adapter: server.adapter, storage: localStorage });
    expect(shell.host.language).toBe('ko');
    await shell.host.api.call('/share/info', { share_url: 'https://x/s/abc' });
    expect(server.requests[0]?.headers['x-language']).toBe('ko');
    shell.dispose();
  });

  it('is English on a page the server did not paint in a language of the site', () => {
    document.documentElement.lang = 'nl';
    jest.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['iw-IL', 'en']);
    const shell = createShell(TEST_CONFIG, { storage: localStorage });
    expect(shell.host.language).toBe('en');
    shell.dispose();
  });

  it('is the one the start-up read, when it hands it over', () => {
    document.documentElement.lang = 'en';
    const shell = createShell(TEST_CONFIG, { storage: localStorage, language: 'vi' });
    expect(shell.host.language).toBe('vi');
    shell.dispose();
  });
});
