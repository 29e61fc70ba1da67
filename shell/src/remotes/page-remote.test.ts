import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION } from 'shared-contracts';
import { TEST_CONFIG } from 'shared-contracts/src/testing/fake-host';
import { startPageRemote } from './page-remote';

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
    loadRemoteMock.mockResolvedValue(module);
    const pageRemote = startPageRemote(() => TEST_CONFIG, '/s/demo-public');
    expect(registerMock).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'remote_share', entry: '/remotes/share/mf-manifest.json' }]),
    );
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_share/ShareViewer');
    expect(pageRemote.share?.()).toBeNull();
    await Promise.resolve();
    await Promise.resolve();
    expect(pageRemote.share?.()).toBe(module);
    expect(pageRemote.invite).toBeUndefined();
  });

  it('loads the invite remote on the invite page', () => {
    loadRemoteMock.mockResolvedValue({ default: Viewer, contractVersion: CONTRACT_VERSION });
    startPageRemote(() => TEST_CONFIG, '/invite');
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_invite/InvitePage');
  });

  it('hands over nothing when the load fails, and starts nothing without a page config', async () => {
    loadRemoteMock.mockRejectedValue(new Error('manifest 500'));
    const failed = startPageRemote(() => TEST_CONFIG, '/s/x');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failed.share?.()).toBeNull();

    loadRemoteMock.mockReset();
    const broken = () => {
      throw new SyntaxError('Unexpected token');
    };
    expect(startPageRemote(broken, '/s/x')).toEqual({});
    expect(startPageRemote(() => null, '/s/x')).toEqual({});
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });
});
