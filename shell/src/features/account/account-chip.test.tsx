import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from 'shared-contracts';
import { ok } from '../../testing/fake-api-server';
import { renderShell } from '../../testing/render-shell';
import { CAROL } from '../../testing/signed-in-user';

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

/** The shell at its home page, then a login as `user`. */
async function signedIn(user: UserInfo = CAROL) {
  const view = renderShell({ path: '/', api: () => ok(null) });
  const banner = await screen.findByRole('banner');
  expect(within(banner).queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
  act(() => {
    view.host.session.state.token = 'session-token';
    view.host.session.state.user = user;
  });
  const chip = await within(banner).findByRole('button', { name: `Account: ${user.nick_name}` });
  return { ...view, banner, chip, user: userEvent.setup() };
}

describe('the account chip', () => {
  it("shows who is signed in: the name's initial and the name", async () => {
    const { chip } = await signedIn();
    expect(chip).toHaveTextContent('CCarol');
    expect(chip).toHaveAttribute('aria-expanded', 'false');
    expect(within(chip).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows a picture only from a web address', async () => {
    const { chip } = await signedIn({ ...CAROL, avatar: 'https://cdn.example.com/carol.png' });
    expect(chip.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/carol.png');
  });

  it('opens on Log out, closes with Escape back to the button', async () => {
    const { chip, user } = await signedIn();
    await user.click(chip);
    const panel = screen.getByRole('group', { name: 'Account' });
    expect(panel).toHaveTextContent('Signed in as \u2068Carol\u2069');
    expect(within(panel).getByRole('button', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Account' })).not.toBeInTheDocument();
    expect(chip).toHaveFocus();
  });

  it('logs out: the server ends the session, the page forgets it and says so', async () => {
    const { chip, user, host, requests, banner } = await signedIn();
    await user.click(chip);
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(host.session.state.user).toBeNull());
    const logout = requests.find((request) => request.url.endsWith('/logout'));
    expect(logout?.headers['x-token']).toBe('session-token');
    expect(host.session.state.token).toBe('');
    expect(await screen.findByRole('status')).toHaveTextContent('You have logged out');
    expect(within(banner).queryByRole('button', { name: /^Account/ })).not.toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Open App' })).toHaveFocus();
  });
});
