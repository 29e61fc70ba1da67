import { TEST_CONFIG } from 'shared-contracts/testing';
import { loadRuntimeConfig, readPageConfigOrNull, readRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  afterEach(() => {
    document.getElementById('runtime-config')?.remove();
    jest.restoreAllMocks();
  });

  it('reads the config the server wrote into the page', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'runtime-config';
    script.textContent = JSON.stringify(TEST_CONFIG);
    document.head.appendChild(script);
    expect(readRuntimeConfig()).toEqual(TEST_CONFIG);
    expect(readPageConfigOrNull()).toEqual(TEST_CONFIG);
    await expect(loadRuntimeConfig()).resolves.toEqual(TEST_CONFIG);
  });

  it('gives null for the entry chunk when the page has no config or one that does not parse', () => {
    expect(readPageConfigOrNull()).toBeNull();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'runtime-config';
    script.textContent = '{"apiBaseUrl":';
    document.head.appendChild(script);
    expect(() => readRuntimeConfig()).toThrow(SyntaxError);
    expect(readPageConfigOrNull()).toBeNull();
  });

  it('fetches /config.json when the page has none and resolves the manifest URLs', async () => {
    expect(readRuntimeConfig()).toBeNull();
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, json: async () => TEST_CONFIG });
    Object.defineProperty(window, 'fetch', { configurable: true, value: fetchMock });
    const config = await loadRuntimeConfig('http://localhost:8080/config.json');
    expect(fetchMock.mock.calls[0][0]).toBe('http://localhost:8080/config.json');
    expect(config.remotes.share.manifestUrl).toBe(
      'http://localhost:8080/remotes/share/mf-manifest.json',
    );
    expect(config.productName).toBe('Nimbus');
  });
});
