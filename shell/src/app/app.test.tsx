import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_VERSION,
  type InvitePageProps,
  type ShareViewerProps,
  type UpgradeSheetProps,
} from 'shared-contracts';
import { TOKEN_STORAGE_KEY } from '../services/session/session-service';
import { ok } from '../testing/fake-api-server';
import { remoteFactory } from '../testing/remote-factory';
import { renderShell } from '../testing/render-shell';
import { startShell } from './create-shell';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

function ShareViewer({ view, shareCode, host }: ShareViewerProps) {
  return (
    <section aria-label="share viewer">
      {view} {shareCode ?? 'home'}
      <button type="button" onClick={() => host.page.setTitle('clip.mp4')}>
        Preview
      </button>
    </section>
  );
}
function InvitePage({ host }: InvitePageProps) {
  return <section aria-label="invite page">invite for {host.language}</section>;
}
function UpgradeSheet({ open, onClose }: UpgradeSheetProps) {
  return open ? (
    <div role="dialog" aria-label="Insufficient cloud storage">
      <button type="button" onClick={onClose}>
        Not now
      </button>
    </div>
  ) : null;
}

const modules: Record<string, unknown> = {
  'remote_share/ShareViewer': { default: ShareViewer, contractVersion: CONTRACT_VERSION },
  'remote_invite/InvitePage': { default: InvitePage, contractVersion: CONTRACT_VERSION },
  'remote_payments/UpgradeSheet': { default: UpgradeSheet, contractVersion: CONTRACT_VERSION },
};
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => remoteFactory(modules[id]));
});
afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('routes and layout', () => {
  it('/ shows the home page with the top bar and the footer, and opens a pasted link', async () => {
    const user = userEvent.setup();
    renderShell({ path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Open files shared with you' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'share viewer' })).not.toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Nimbus home' })).toHaveTextContent('Nimbus');
    expect(within(banner).getByRole('button', { name: 'Open App' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Copyright © 2025 Nimbus');
    expect(document.title).toBe('Nimbus');

    await user.type(screen.getByRole('textbox', { name: 'Share link' }), 'demo-public{Enter}');
    expect(await screen.findByRole('region', { name: 'share viewer' })).toHaveTextContent(
      'share demo-public',
    );
    expect(window.location.pathname).toBe('/s/demo-public');
  });

  it('the logo leads from a share back to the home page', async () => {
    const user = userEvent.setup();
    renderShell({ path: '/s/demo-public' });
    await screen.findByRole('region', { name: 'share viewer' });
    await user.click(screen.getByRole('link', { name: 'Nimbus home' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Open files shared with you' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('/s/:code passes the share code', async () => {
    renderShell({ path: '/s/demo-public' });
    expect(await screen.findByRole('region', { name: 'share viewer' })).toHaveTextContent(
      'share demo-public',
    );
  });

  it.each(['/404', '/no/such/page'])('%s shows the not-found view', async (path) => {
    renderShell({ path });
    expect(await screen.findByRole('region', { name: 'share viewer' })).toHaveTextContent(
      'not-found home',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it.each(['/', '/s/demo-public', '/404'])(
    '%s has the language menu in its top bar, saying the language in itself',
    async (path) => {
      const user = userEvent.setup();
      renderShell({ path });
      const banner = await screen.findByRole('banner');
      const menu = within(banner).getByRole('button', { name: 'Language English' });
      await user.click(menu);
      expect(await within(banner).findByRole('listbox', { name: 'Language' })).toBeInTheDocument();
      expect(within(banner).getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    },
  );

  it('/invite shows the invite page without the top bar or the footer', async () => {
    renderShell({ path: '/invite', language: 'zh-Hant' });
    // The page's language is the site's (the invite page reads its own from the address).
    expect(await screen.findByRole('region', { name: 'invite page' })).toHaveTextContent(
      'invite for zh-Hant',
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('keeps the top bar working when the share remote fails, and Retry recovers', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadRemoteMock.mockRejectedValueOnce(new Error('down'));
    renderShell({ path: '/s/abc' });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'share viewer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open App' }));
    expect(await screen.findByRole('dialog', { name: 'Download Nimbus App' })).toBeInTheDocument();
  });

  it('Open App on PC opens the download-app dialog', async () => {
    const user = userEvent.setup();
    renderShell({ path: '/' });
    await user.click(screen.getByRole('button', { name: 'Open App' }));
    expect(await screen.findByRole('dialog', { name: 'Download Nimbus App' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Open App' })).toHaveFocus();
  });

  it('the page title shows the file name a remote sets', async () => {
    const user = userEvent.setup();
    const { host } = renderShell({ path: '/s/abc' });
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(document.title).toBe('clip.mp4');
    host.page.setTitle(null);
    expect(document.title).toBe('Nimbus');
  });
});

describe('upgrade sheet service', () => {
  it('loads remote-payments only on first open, and closes through onClose', async () => {
    const user = userEvent.setup();
    const { host } = renderShell({ path: '/s/abc' });
    await screen.findByRole('region', { name: 'share viewer' });
    expect(loadRemoteMock).not.toHaveBeenCalledWith(
      'remote_payments/UpgradeSheet',
      expect.anything(),
    );
    await act(async () => host.upgradeSheet.open());
    expect(
      await screen.findByRole('dialog', { name: 'Insufficient cloud storage' }),
    ).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('remote_payments/UpgradeSheet', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(async () => host.upgradeSheet.open());
    expect(
      await screen.findByRole('dialog', { name: 'Insufficient cloud storage' }),
    ).toBeInTheDocument();
  });

  it('shows a fallback with Retry in the sheet when remote-payments cannot load', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadRemoteMock.mockImplementation(async (id: string) => {
      if (id === 'remote_payments/UpgradeSheet') throw new Error('down');
      return remoteFactory(modules[id]);
    });
    const { host } = renderShell({ path: '/' });
    await act(async () => host.upgradeSheet.open());
    const sheet = await screen.findByRole('dialog', { name: 'Upgrade' });
    expect(within(sheet).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('boot', () => {
  it('refreshes the session when a token is stored', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored');
    const { shell, requests } = renderShell({
      api: (request) =>
        request.url.endsWith('/user/info')
          ? ok({
              user_id: 1,
              nick_name: 'Bob',
              avatar: '',
              user_storage: { max_storage: 1, available_storage: 0, max_offline_file_size: 1 },
              user_identity: { identity_type: 2, vip_expiry_time: 0 },
            })
          : undefined,
    });
    startShell(shell);
    await waitFor(() => expect(shell.host.session.state.user?.nick_name).toBe('Bob'));
    expect(requests[0]?.headers['x-token']).toBe('stored');
  });

  it('does not call the API without a token', () => {
    const { shell, requests } = renderShell();
    startShell(shell);
    expect(requests).toHaveLength(0);
  });
});
