import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEST_CONFIG } from 'shared-contracts/testing';
import StandaloneHost, { shellConfigUrl } from './standalone-host';
import type { HostServices } from 'shared-contracts';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

describe('StandaloneHost', () => {
  it('fetches the shell config, renders children(host) and the overlay layer', async () => {
    const user = userEvent.setup();
    // The dev server answers its own /config.json with its HTML page; the shell's is the real one.
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce({
        ok: true,
        json: async () => {
          throw new SyntaxError('Unexpected token <');
        },
      })
      .mockResolvedValueOnce({ ok: true, json: async () => TEST_CONFIG });
    Object.defineProperty(window, 'fetch', { configurable: true, value: fetchMock });
    let received: HostServices | null = null;
    render(
      <StandaloneHost>
        {(host) => {
          received = host;
          return (
            <button type="button" onClick={() => host.toast.show('Hello from the remote')}>
              Remote button
            </button>
          );
        }}
      </StandaloneHost>,
    );
    await user.click(await screen.findByRole('button', { name: 'Remote button' }));
    expect(screen.getByRole('status')).toHaveTextContent('Hello from the remote');
    expect(fetchMock.mock.calls[0][0]).toBe('http://localhost/config.json');
    expect(fetchMock.mock.calls[1][0]).toBe(shellConfigUrl());
    expect(received).not.toBeNull();
    await act(async () => {
      void (received as unknown as HostServices).login.open();
    });
    expect(screen.getByRole('dialog', { name: 'Welcome' })).toBeInTheDocument();
  });
});
