import { render, screen, waitFor } from '@testing-library/react';
import { createFakeHost } from 'shared-contracts/testing';
import InvitePage from './invite-page';

describe('the exposed InvitePage', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the language from the real address', async () => {
    window.history.replaceState(null, '', '/invite?lang=zhCHS');
    const { host } = createFakeHost();
    render(<InvitePage host={host} />);
    expect(
      screen.getByRole('heading', { name: '加入 Nimbus 社群，領取進階會員獎勵' }),
    ).toBeInTheDocument();
    const join = screen.getByRole('button', { name: '立即加入' });
    await waitFor(() => expect(join).toBeEnabled());
  });
});
