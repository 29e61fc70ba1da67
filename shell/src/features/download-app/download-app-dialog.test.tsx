import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../../testing/render-shell';

afterEach(() => jest.restoreAllMocks());

describe('download-app dialog', () => {
  it('shows two QR codes for the Android and iOS stores, loaded when it opens', async () => {
    const { host } = renderShell();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(async () => host.downloadDialog.open());
    expect(screen.getByRole('dialog', { name: 'Download Nimbus App' })).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: 'QR code for the Android store' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code for the iOS store' })).toBeInTheDocument();
    expect(screen.getByText('Android store')).toBeInTheDocument();
    expect(screen.getByText('iOS store')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get it for Android' })).toHaveAttribute(
      'href',
      host.config.app.androidStoreUrl,
    );
    expect(screen.getByRole('link', { name: 'Get it for iOS' })).toHaveAttribute(
      'href',
      host.config.app.iosStoreUrl,
    );
  });

  it('reports store_click when a store link is clicked, and closes on Escape', async () => {
    const user = userEvent.setup();
    const { host, events } = renderShell();
    await act(async () => host.downloadDialog.open());
    const link = screen.getByRole('link', { name: 'Get it for iOS' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await waitFor(() => expect(events()).toEqual(['store_click']));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves out a store link that is not http(s)', async () => {
    const { host } = renderShell({
      config: {
        app: {
          scheme: 'nimbus',
          androidStoreUrl: 'javascript:alert(1)',
          iosStoreUrl: 'https://a.example',
        },
      },
    });
    await act(async () => host.downloadDialog.open());
    expect(screen.queryByRole('link', { name: 'Get it for Android' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get it for iOS' })).toBeInTheDocument();
  });

  it('offers a code that opens this very share on a phone, on a share page only', async () => {
    window.history.pushState({}, '', '/s/demo-private?folder=3&pwd=ab12');
    const { host } = renderShell();
    await act(async () => host.downloadDialog.open());
    expect(screen.getByRole('heading', { name: 'Open this share on your phone' })).toBeVisible();
    const code = await screen.findByRole('img', { name: "QR code for this share's address" });
    // Drawn once qrcode.react has loaded, like the stores' codes.
    await waitFor(() => expect(code.querySelector('svg')).not.toBeNull());
    window.history.pushState({}, '', '/');
  });

  it('offers no share code off a share page', async () => {
    window.history.pushState({}, '', '/');
    const { host } = renderShell();
    await act(async () => host.downloadDialog.open());
    expect(screen.queryByRole('heading', { name: 'Open this share on your phone' })).toBeNull();
  });
});
