import { waitFor } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION } from 'shared-contracts';
import { TEST_CONFIG } from 'shared-contracts/testing';
import { loadMessages } from '../lib/i18n/load-messages';
import type { PageRemote } from '../lib/remotes/page-remote';
import { pageRemoteWaitMs, startPageRemote, untilPageRemoteSettles } from './start-page-remote';
import { remoteFactory } from '../testing/remote-factory';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

const Viewer = () => null;

describe('startPageRemote', () => {
  beforeEach(() => {
    loadRemoteMock.mockReset();
    registerMock.mockReset();
  });

  it('loads the share viewer of a share page and hands it over once loaded', async () => {
    const module = { default: Viewer, contractVersion: CONTRACT_VERSION };
    loadRemoteMock.mockResolvedValue(remoteFactory(module));
    const pageRemote = startPageRemote(TEST_CONFIG, 'en', '/s/demo-public');
    expect(registerMock).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'remote_share', entry: '/remotes/share/mf-manifest.json' }]),
    );
    // The load starts in a task of its own, after the registration.
    expect(loadRemoteMock).not.toHaveBeenCalled();
    expect(pageRemote.loaded.share?.()).toBeNull();
    await pageRemote.settled;
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_share/ShareViewer', expect.anything());
    expect(pageRemote.loaded.share?.()).toBe(module);
    expect(pageRemote.loaded.invite).toBeUndefined();
  });

  it("runs the remote's module only after a pause once its files are loaded", async () => {
    const module = { default: Viewer, contractVersion: CONTRACT_VERSION };
    const factory = jest.fn(() => module);
    loadRemoteMock.mockResolvedValue(factory as never);
    const pauses: (() => void)[] = [];
    const pause = () => new Promise<void>((resolve) => pauses.push(resolve));
    const pageRemote = startPageRemote(TEST_CONFIG, 'en', '/s/demo-public', pause);

    pauses.shift()?.(); // after the registration
    await waitFor(() => expect(pauses).toHaveLength(1));
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_share/ShareViewer', {
      loadFactory: false,
      from: 'runtime',
    });
    expect(factory).not.toHaveBeenCalled();

    pauses.shift()?.(); // after the files
    await pageRemote.settled;
    expect(factory).toHaveBeenCalledTimes(1);
    expect(pageRemote.loaded.share?.()).toBe(module);
  });

  it("hands the module over only once its prepare has its texts in the page's language", async () => {
    let prepared: () => void = () => undefined;
    const prepare = jest.fn(() => new Promise<void>((resolve) => (prepared = resolve)));
    const module = { default: Viewer, contractVersion: CONTRACT_VERSION, prepare };
    loadRemoteMock.mockResolvedValue(remoteFactory(module));
    const pageRemote = startPageRemote(TEST_CONFIG, 'he', '/s/demo-public');
    await waitFor(() => expect(prepare).toHaveBeenCalledWith('he', loadMessages));
    expect(pageRemote.loaded.share?.()).toBeNull();
    prepared();
    await pageRemote.settled;
    expect(pageRemote.loaded.share?.()).toBe(module);
  });

  it('hands over nothing when the prepare fails (RemoteView then shows its fallback)', async () => {
    const prepare = () => Promise.reject(new Error('the Hebrew texts answered 404'));
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Viewer, contractVersion: CONTRACT_VERSION, prepare }),
    );
    const pageRemote = startPageRemote(TEST_CONFIG, 'he', '/s/demo-public');
    await pageRemote.settled;
    expect(pageRemote.loaded.share?.()).toBeNull();
  });

  it('loads the invite remote on the invite page', async () => {
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Viewer, contractVersion: CONTRACT_VERSION }),
    );
    await startPageRemote(TEST_CONFIG, 'en', '/invite').settled;
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_invite/InvitePage', expect.anything());
  });

  it('hands over nothing when the load fails, and starts nothing without a page config', async () => {
    loadRemoteMock.mockRejectedValue(new Error('manifest 500'));
    const failed = startPageRemote(TEST_CONFIG, 'en', '/s/x');
    await failed.settled;
    expect(failed.loaded.share?.()).toBeNull();

    loadRemoteMock.mockReset();
    expect(startPageRemote(null, 'en', '/s/x').loaded).toEqual({});
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });
});

describe('untilPageRemoteSettles', () => {
  afterEach(() => jest.useRealTimers());

  it('waits for the page remote, and no longer than its limit', async () => {
    jest.useFakeTimers();
    let settle: () => void = () => undefined;
    const pending: PageRemote = {
      loaded: {},
      settled: new Promise((resolve) => (settle = resolve)),
    };
    const done = jest.fn();
    void untilPageRemoteSettles(pending, 1000).then(done);
    await jest.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    settle();
    await jest.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();

    const never: PageRemote = { loaded: {}, settled: new Promise(() => undefined) };
    const late = jest.fn();
    void untilPageRemoteSettles(never, 1000).then(late);
    await jest.advanceTimersByTimeAsync(1000);
    expect(late).toHaveBeenCalled();
  });
});

describe('pageRemoteWaitMs', () => {
  it('waits a second over an empty page, and up to the API timeout over the first screen', () => {
    expect(pageRemoteWaitMs(false)).toBe(1000);
    expect(pageRemoteWaitMs(true)).toBe(10_000);
  });
});
