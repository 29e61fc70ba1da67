import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Platform, Product } from 'shared-contracts';
import { createFakeHost, TEST_CONFIG, type FakeHostOptions } from 'shared-contracts/testing';
import UpgradeSheet from './upgrade-sheet';
import { RELEASE } from './release';

/** The discounted plan's card: its name, then its badge (issue 33). */
const YEARLY = 'Yearly New User Discount';

const monthly: Product = {
  price: 9.99,
  cycle_type: 1,
  cycle_num: 1,
  is_default: 0,
  third_product_id: 'monthly',
  name: 'Monthly',
  discount_price: 0,
};
const yearly: Product = {
  price: 99.99,
  cycle_type: 1,
  cycle_num: 12,
  is_default: 1,
  third_product_id: 'yearly',
  name: 'Yearly',
  discount_price: 59.99,
};
const weekly: Product = {
  price: 2.99,
  cycle_type: 2,
  cycle_num: 1,
  is_default: 0,
  third_product_id: 'weekly',
  name: 'Weekly',
  discount_price: 0,
};

function setup(
  platform: Platform,
  products: Product[] = [monthly, yearly, weekly],
  extra: Partial<FakeHostOptions> = {},
) {
  const fake = createFakeHost({
    platform,
    api: {
      '/product/list': () => ({ code: 0, msg: 'ok', data: { vip_products: products } }),
    },
    ...extra,
  });
  const onClose = jest.fn();
  const view = render(<UpgradeSheet host={fake.host} open onClose={onClose} />);
  return { ...fake, onClose, view };
}

async function findPlans() {
  return screen.findByRole('radiogroup');
}

describe('UpgradeSheet', () => {
  it('renders nothing while closed', () => {
    const { host } = createFakeHost();
    render(<UpgradeSheet host={host} open={false} onClose={jest.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a dialog named by its title, with the subtitle', async () => {
    setup('other');
    const dialog = screen.getByRole('dialog', { name: 'Insufficient cloud storage' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Upgrade to Premium and enjoy 2TB of cloud storage');
    await findPlans();
  });

  it('fetches the plans with app_id 1 on iOS and 2 elsewhere', async () => {
    const ios = setup('ios');
    await findPlans();
    expect(ios.record.apiCalls).toEqual([{ path: '/product/list', body: { app_id: 1 } }]);
    ios.view.unmount();
    const android = setup('android');
    await findPlans();
    expect(android.record.apiCalls).toEqual([{ path: '/product/list', body: { app_id: 2 } }]);
  });

  it('shows the Android benefits', async () => {
    setup('android');
    const benefits = screen.getByRole('list', { name: 'Premium benefits' });
    const items = within(benefits)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      '2TB Cloud Storage',
      'Unlimited Cloud Save',
      'Download Acceleration',
      'Smooth Play',
    ]);
    await findPlans();
  });

  it.each<Platform>(['ios', 'mobile', 'other'])('shows cloud download on %s', async (platform) => {
    setup(platform);
    expect(screen.getByText('Download Cloud Download')).toBeInTheDocument();
    expect(screen.queryByText('Download Acceleration')).not.toBeInTheDocument();
    await findPlans();
  });

  it('lays the plans out as a grid on PC, without the mobile heading', async () => {
    setup('other');
    const plans = await screen.findByRole('radiogroup', { name: 'Plans' });
    expect(within(plans).getAllByRole('radio')).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: 'Choose your plan' })).not.toBeInTheDocument();
  });

  it.each<Platform>(['android', 'ios', 'mobile'])(
    'shows "Choose your plan" and a swipeable list on %s',
    async (platform) => {
      setup(platform);
      expect(
        await screen.findByRole('radiogroup', { name: 'Choose your plan' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Choose your plan' })).toBeInTheDocument();
    },
  );

  it('names a discounted plan with its badge: the offer is part of what is chosen', async () => {
    setup('other');
    const yearlyCard = await screen.findByRole('radio', { name: 'Yearly New User Discount' });
    expect(yearlyCard).toHaveAccessibleName('Yearly New User Discount');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAccessibleName('Monthly');
  });

  it('shows each card with per-day price, discount label, prices', async () => {
    setup('other');
    const yearlyCard = await screen.findByRole('radio', { name: YEARLY });
    expect(within(yearlyCard).getByText('New User Discount')).toBeInTheDocument();
    expect(within(yearlyCard).getByText('$59.99')).toBeInTheDocument();
    expect(within(yearlyCard).getByText('$99.99').closest('s')).not.toBeNull();
    expect(within(yearlyCard).getByText('$0.17/day')).toBeInTheDocument();
    expect(yearlyCard).toHaveAccessibleDescription(/\$59\.99 Original price \$99\.99/);
    // What the year saves against twelve months at the monthly price, heard with the price.
    expect(yearlyCard).toHaveAccessibleDescription(/\$0\.17\/day Save 49%$/);

    const monthlyCard = screen.getByRole('radio', { name: 'Monthly' });
    expect(within(monthlyCard).queryByText('New User Discount')).not.toBeInTheDocument();
    expect(within(monthlyCard).getByText('$9.99')).toBeInTheDocument();
    expect(within(monthlyCard).getByText('$0.33/day')).toBeInTheDocument();
    expect(within(monthlyCard).queryByText(/^Save/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('radio', { name: 'Weekly' })).getByText('$0.43/day'),
    ).toBeInTheDocument();
  });

  it('selects the default plan first, else the first plan', async () => {
    setup('other');
    expect(await screen.findByRole('radio', { name: YEARLY })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'false');
  });

  it('selects the first plan when none is the default', async () => {
    setup('other', [weekly, monthly]);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveAttribute('aria-checked', 'true'),
    );
  });

  it('reads "Purchase in App for $X" for a discounted plan and "Pay" otherwise', async () => {
    const user = userEvent.setup();
    setup('other');
    expect(
      await screen.findByRole('button', { name: 'Purchase in App for $59.99' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Purchase in App/ })).not.toBeInTheDocument();
  });

  it('reads "Pay" while there are no plans', async () => {
    setup('other', []);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Plans could not be loaded.'),
    );
  });

  it('moves the selection with the arrow keys', async () => {
    const user = userEvent.setup();
    setup('android');
    const yearlyCard = await screen.findByRole('radio', { name: YEARLY });
    await waitFor(() => expect(yearlyCard).toHaveAttribute('aria-checked', 'true'));
    yearlyCard.focus();
    await user.keyboard('{ArrowRight}');
    const weeklyCard = screen.getByRole('radio', { name: 'Weekly' });
    expect(weeklyCard).toHaveAttribute('aria-checked', 'true');
    expect(weeklyCard).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(weeklyCard).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeInTheDocument();
  });

  it('opens the app on the pay path on phones', async () => {
    const user = userEvent.setup();
    const { record } = setup('ios');
    await user.click(await screen.findByRole('button', { name: 'Purchase in App for $59.99' }));
    expect(record.deepLinks).toEqual([{ path: 'pay' }]);
    expect(record.downloadDialogOpened).toBe(0);
  });

  it('opens the download dialog on PC', async () => {
    const user = userEvent.setup();
    const { record } = setup('other');
    await user.click(await screen.findByRole('button', { name: 'Purchase in App for $59.99' }));
    expect(record.downloadDialogOpened).toBe(1);
    expect(record.deepLinks).toEqual([]);
  });

  it.each<[Platform, string]>([
    ['android', TEST_CONFIG.links.autoRenewalAndroid],
    ['ios', TEST_CONFIG.links.autoRenewalOther],
    ['mobile', TEST_CONFIG.links.autoRenewalOther],
    ['other', TEST_CONFIG.links.autoRenewalOther],
  ])('links the legal pages in a new tab on %s', async (platform, autoRenewal) => {
    setup(platform);
    const expected: [string, string][] = [
      ['User agreement', TEST_CONFIG.links.userAgreement],
      ['Privacy policy', TEST_CONFIG.links.privacyPolicy],
      ['Auto-Renewal Agreement', autoRenewal],
    ];
    for (const [name, href] of expected) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    await findPlans();
  });

  it('names its release for developers only: a data attribute, no line in the sheet', async () => {
    setup('other');
    await findPlans();
    const sheet = screen.getByRole('dialog', { name: 'Insufficient cloud storage' });
    expect(within(sheet).queryByText(/Plans v/)).not.toBeInTheDocument();
    expect(within(sheet).queryByText(RELEASE, { exact: false })).not.toBeInTheDocument();
    expect(sheet.querySelector('[data-release]')).toHaveAttribute('data-release', RELEASE);
  });

  it('closes with the close button and with Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = setup('other');
    await findPlans();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps focus inside the dialog', async () => {
    const user = userEvent.setup();
    setup('other');
    await findPlans();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Auto-Renewal Agreement' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
  });

  it('shows the session plans while the list is loading', async () => {
    let answer: (() => void) | undefined;
    setup('other', [monthly], {
      session: { products: [weekly] },
      api: {
        '/product/list': () =>
          new Promise((resolve) => {
            answer = () => resolve({ code: 0, msg: 'ok', data: { vip_products: [monthly] } });
          }),
      },
    });
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeInTheDocument();
    await act(async () => answer?.());
    expect(await screen.findByRole('radio', { name: 'Monthly' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Weekly' })).not.toBeInTheDocument();
  });

  it('offers a retry when the plans fail to load', async () => {
    const user = userEvent.setup();
    let calls = 0;
    setup('other', [], {
      api: {
        '/product/list': () => {
          calls += 1;
          return calls === 1
            ? { code: 5000, msg: 'boom', data: { vip_products: [] } }
            : { code: 0, msg: 'ok', data: { vip_products: [monthly] } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'Monthly' })).toBeInTheDocument();
  });
});
