import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTRACT_VERSION, type SiteLanguage } from 'shared-contracts';
import { createFakeHost, TEST_CONFIG } from 'shared-contracts/testing';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadMessages } from '../lib/i18n/load-messages';
import { registerConfiguredRemotes } from '../lib/remotes/load-remote-module';
import type { PageRemote } from '../lib/remotes/page-remote';
import { RemoteView } from './remote-view';
import { remoteFactory } from '../testing/remote-factory';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
const registerMock = registerRemotes as jest.MockedFunction<typeof registerRemotes>;

function Viewer({ view, shareCode }: { view: string; shareCode: string | null }) {
  return (
    <p>
      Viewer {view} {shareCode}
    </p>
  );
}

function Broken(): never {
  throw new Error('render failure');
}

const { host } = createFakeHost();
const [major = 0, minor = 0] = CONTRACT_VERSION.split('.').map(Number);

/** The share remote's view; `pageRemote` is what the entry chunk started loading. */
function renderShare(pageRemote?: PageRemote, language: SiteLanguage = 'en') {
  return render(
    <RemoteView
      config={TEST_CONFIG}
      language={language}
      remote="share"
      props={{ host, view: 'share', shareCode: 'abc' }}
      loading={<p>blank</p>}
      pageRemote={pageRemote}
    />,
  );
}

describe('RemoteView', () => {
  beforeEach(() => {
    loadRemoteMock.mockReset();
    registerMock.mockReset();
  });

  it('registers every configured remote from its manifest URL', () => {
    registerConfiguredRemotes(TEST_CONFIG);
    expect(registerMock).toHaveBeenCalledWith(
      Object.values(TEST_CONFIG.remotes).map(({ name, manifestUrl }) => ({
        name,
        entry: manifestUrl,
      })),
    );
    expect(registerMock.mock.calls[0]?.[0]).toContainEqual({
      name: 'remote_share',
      entry: '/remotes/share/mf-manifest.json',
    });
  });

  it('shows the loading area, then the remote with its props', async () => {
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Viewer, contractVersion: CONTRACT_VERSION }),
    );
    renderShare();
    expect(screen.getByText('blank')).toBeInTheDocument();
    expect(await screen.findByText('Viewer share abc')).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_share/ShareViewer', expect.anything());
  });

  it('renders the page remote the entry chunk loaded at once, without loading it again', () => {
    const module = { default: Viewer, contractVersion: CONTRACT_VERSION };
    renderShare({ loaded: { share: () => module }, settled: Promise.resolve() });
    expect(screen.getByText('Viewer share abc')).toBeInTheDocument();
    expect(screen.queryByText('blank')).not.toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('shows the page remote whose early load finished after the first render', async () => {
    const module = { default: Viewer, contractVersion: CONTRACT_VERSION };
    // Not loaded yet for the first render; loaded by the time its effect runs.
    const share = jest.fn().mockReturnValueOnce(null).mockReturnValue(module);
    renderShare({ loaded: { share }, settled: Promise.resolve() });
    expect(await screen.findByText('Viewer share abc')).toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('shows the fallback when the remote cannot load, and Retry loads it again', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadRemoteMock.mockRejectedValueOnce(new Error('manifest 500'));
    loadRemoteMock.mockResolvedValueOnce(
      remoteFactory({ default: Viewer, contractVersion: CONTRACT_VERSION }),
    );
    renderShare();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the page could not be loaded.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Viewer share abc')).toBeInTheDocument();
    // Retry registers the remote again (force), so its manifest is fetched anew.
    expect(registerMock).toHaveBeenCalledWith(
      [{ name: 'remote_share', entry: '/remotes/share/mf-manifest.json' }],
      { force: true },
    );
  });

  it("renders the remote only once its prepare has loaded its texts in the page's language", async () => {
    let prepared: () => void = () => undefined;
    const prepare = jest.fn(() => new Promise<void>((resolve) => (prepared = resolve)));
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Viewer, contractVersion: CONTRACT_VERSION, prepare }),
    );
    renderShare(undefined, 'ar');
    await act(async () => undefined);
    expect(prepare).toHaveBeenCalledWith('ar', loadMessages);
    expect(screen.getByText('blank')).toBeInTheDocument();
    expect(screen.queryByText(/Viewer/)).not.toBeInTheDocument();
    await act(async () => prepared());
    expect(screen.getByText('Viewer share abc')).toBeInTheDocument();
  });

  it('shows the fallback when the prepare fails, and Retry prepares again', async () => {
    const user = userEvent.setup();
    const prepare = jest
      .fn<Promise<void>, [SiteLanguage]>()
      .mockRejectedValueOnce(new Error('the Japanese texts answered 404'))
      .mockResolvedValue(undefined);
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Viewer, contractVersion: CONTRACT_VERSION, prepare }),
    );
    renderShare(undefined, 'ja');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the page could not be loaded.',
    );
    expect(screen.queryByText(/Viewer/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Viewer share abc')).toBeInTheDocument();
    expect(prepare).toHaveBeenCalledTimes(2);
    expect(prepare).toHaveBeenLastCalledWith('ja', loadMessages);
  });

  it('refuses a remote built for another major contract version', async () => {
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Viewer, contractVersion: `${major + 1}.0.0` }),
    );
    renderShare();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(/Viewer/)).not.toBeInTheDocument();
  });

  it('refuses a remote built for a newer minor, which may use host services this shell lacks', async () => {
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Viewer, contractVersion: `${major}.${minor + 1}.0` }),
    );
    renderShare();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the page could not be loaded.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(/Viewer/)).not.toBeInTheDocument();
  });

  it('refuses a module without a contract version', async () => {
    loadRemoteMock.mockResolvedValue(remoteFactory({ default: Viewer }));
    renderShare();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('catches a remote that throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteMock.mockResolvedValue(
      remoteFactory({ default: Broken, contractVersion: CONTRACT_VERSION }),
    );
    renderShare();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
