import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, type ShareViewerProps } from 'shared-contracts';
import { remoteFactory } from '../testing/remote-factory';
import { renderShell } from '../testing/render-shell';
import { App } from './app';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

/** The share viewer, showing the code the shell handed it. */
function ShareViewer({ view, shareCode, extractCode }: ShareViewerProps) {
  return (
    <section aria-label="share viewer">
      {view} {shareCode ?? 'home'} code:{extractCode ?? 'none'}
    </section>
  );
}

const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;
beforeEach(() => {
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async () =>
    remoteFactory({ default: ShareViewer, contractVersion: CONTRACT_VERSION }),
  );
});
afterEach(() => {
  jest.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const viewer = () => screen.findByRole('region', { name: 'share viewer' });
const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe("a share link's extract code (?pwd=)", () => {
  it('goes to the viewer of that share once the start-up took it from the address', async () => {
    const { shell } = renderShell();
    window.history.replaceState(null, '', '/s/demo-private');
    render(<App shell={shell} linkExtractCode={{ shareCode: 'demo-private', code: 'ab12' }} />);
    expect(await viewer()).toHaveTextContent('share demo-private code:ab12');
  });

  it('is not handed to the viewer of another share', async () => {
    const { shell } = renderShell();
    window.history.replaceState(null, '', '/s/demo-public');
    render(<App shell={shell} linkExtractCode={{ shareCode: 'demo-private', code: 'ab12' }} />);
    expect(await viewer()).toHaveTextContent('share demo-public code:none');
  });

  it('leaves an address the app opened at once, other parameters and the hash kept', async () => {
    renderShell({ path: '/s/demo-private?from=chat&pwd=ab12#files' });
    expect(await viewer()).toHaveTextContent('share demo-private code:ab12');
    expect(here()).toBe('/s/demo-private?from=chat#files');
  });

  it('is removed from a public share link too, and an empty one hands nothing on', async () => {
    renderShell({ path: '/s/demo-public?pwd=' });
    expect(await viewer()).toHaveTextContent('share demo-public code:none');
    expect(here()).toBe('/s/demo-public');
  });

  it('is taken from a link pasted on the home page, and forgotten once the visitor leaves', async () => {
    const user = userEvent.setup();
    renderShell({ path: '/' });
    await user.type(
      await screen.findByRole('textbox', { name: 'Share link' }),
      'https://localhost/s/demo-private?pwd=ab12{Enter}',
    );
    expect(await viewer()).toHaveTextContent('share demo-private code:ab12');
    expect(here()).toBe('/s/demo-private');

    // Back home, then Forward to the share: its code is not tried again.
    await act(async () => window.history.back());
    await screen.findByRole('textbox', { name: 'Share link' });
    await act(async () => window.history.forward());
    expect(await viewer()).toHaveTextContent('share demo-private code:none');
  });
});
