import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StoreQrCards, type StoreCard, type StoreQrCardsProps } from './store-qr-cards';

const CLASSES = {
  list: 'stores',
  card: 'stores__card',
  qr: 'stores__qr',
  placeholder: 'stores__placeholder',
  caption: 'stores__caption',
  link: 'stores__link',
  hint: 'stores__hint',
};

const card = (store: StoreCard['store'], url: string): StoreCard => ({
  store,
  url,
  qrLabel: `QR code for ${store}`,
  linkText: `Get it for ${store}`,
  caption: `${store} store`,
});

const cards = (props: Partial<StoreQrCardsProps> = {}) => (
  <StoreQrCards
    stores={[card('android', 'https://play.example/app'), card('ios', 'https://apps.example/app')]}
    showCodes
    qrSize={112}
    hint="Scan to download"
    onStoreClick={() => undefined}
    classNames={CLASSES}
    {...props}
  />
);

describe('StoreQrCards', () => {
  it('renders placeholders first, then the codes', async () => {
    const { container } = render(cards());
    // A server's render is this first render: the code loads in an effect, after it.
    expect(container.querySelectorAll('.stores__placeholder')).toHaveLength(2);
    const android = screen.getByRole('img', { name: 'QR code for android' });
    await waitFor(() => expect(android.querySelector('svg')).not.toBeNull());
    expect(
      screen.getByRole('img', { name: 'QR code for ios' }).querySelector('svg'),
    ).not.toBeNull();
    expect(screen.getByText('android store')).toBeInTheDocument();
    expect(screen.getAllByText('Scan to download')).toHaveLength(2);
  });

  it('loads no code while the codes are not shown', async () => {
    render(cards({ showCodes: false }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('img', { name: 'QR code for ios' }).querySelector('svg')).toBeNull();
  });

  it('links each store and reports which one was tapped', async () => {
    const onStoreClick = jest.fn();
    render(cards({ onStoreClick }));
    const link = screen.getByRole('link', { name: 'Get it for ios' });
    expect(link).toHaveAttribute('href', 'https://apps.example/app');
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(onStoreClick).toHaveBeenCalledWith('ios');
    await waitFor(() => expect(document.querySelectorAll('svg')).toHaveLength(2));
  });

  it('gives a store whose address is not http(s) neither a code nor a link', async () => {
    render(
      cards({ stores: [card('android', 'javascript:alert(1)'), card('ios', 'https://a.example')] }),
    );
    expect(screen.queryByRole('link', { name: 'Get it for android' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code for android' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('svg')).toHaveLength(1));
  });
});
