import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { renderWithHost } from '../../testing/render';
import { StatusView } from './status-view';

async function qrCodesLoaded() {
  for (const store of ['Android store', 'iOS store']) {
    const qr = screen.getByRole('img', { name: `QR code of the ${store}` });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
  }
}

describe('StatusView', () => {
  it('links both QR cards to the configured stores and reports store clicks', async () => {
    const { host, record } = createFakeHost({ platform: 'mobile' });
    renderWithHost(host, <StatusView kind="deleted" />);
    expect(
      screen.getByRole('heading', { name: 'The file has been deleted by the sharer' }),
    ).toBeInTheDocument();
    const android = screen.getByRole('link', { name: 'Android store' });
    expect(android).toHaveAttribute('href', host.config.app.androidStoreUrl);
    expect(screen.getByRole('link', { name: 'iOS store' })).toHaveAttribute(
      'href',
      host.config.app.iosStoreUrl,
    );
    android.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(android);
    expect(record.events).toEqual([{ name: 'store_click', content: { store: 'android' } }]);
    await qrCodesLoaded();
  });

  it('names the download button after the configured product', async () => {
    const { host, record } = createFakeHost({
      platform: 'ios',
      config: { productName: 'Cumulus' },
    });
    renderWithHost(host, <StatusView kind="canceled" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download Cumulus App' }));
    expect(record.deepLinks).toEqual([{ path: 'default' }]);
    await qrCodesLoaded();
  });
});
