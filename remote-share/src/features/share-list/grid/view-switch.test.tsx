import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { renderWithHost } from '../../../testing/render';
import { useViewMode, viewCookieValue } from './view-mode';
import { ViewSwitch } from './view-switch';

function Switch() {
  const [mode, setMode] = useViewMode();
  return (
    <>
      <ViewSwitch mode={mode} onChange={setMode} />
      <p>showing {mode}</p>
    </>
  );
}

describe('ViewSwitch', () => {
  beforeEach(() => {
    document.cookie = 'nimbus_view=; max-age=0; path=/';
  });

  it('switches between list and grid, pressed as shown, and keeps the choice in the cookie', async () => {
    const user = userEvent.setup();
    const { host } = createFakeHost();
    const { unmount } = renderWithHost(host, <Switch />);
    const group = screen.getByRole('group', { name: 'View' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByText('showing grid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    expect(viewCookieValue(document.cookie)).toBe('grid');
    unmount();
    // A new page: the grid again.
    renderWithHost(host, <Switch />);
    expect(screen.getByText('showing grid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(viewCookieValue(document.cookie)).toBe('list');
  });
});
