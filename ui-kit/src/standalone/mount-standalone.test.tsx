import { act, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { HostServices, MessagesLoader, StandaloneHostProps } from 'shared-contracts';
import { mountStandalone } from './mount-standalone';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const host = { language: 'en' } as unknown as HostServices;

function FakeStandaloneHost({ children }: StandaloneHostProps) {
  return <div data-testid="host">{children(host)}</div>;
}

let app: HTMLElement;
beforeEach(() => {
  jest.mocked(registerRemotes).mockClear();
  jest.mocked(loadRemote).mockReset();
  app = document.createElement('div');
  app.id = 'app';
  document.body.append(app);
});
afterEach(() => app.remove());

it("registers the dev shell, loads its StandaloneHost and renders the remote with the host's services and loader of texts", async () => {
  jest
    .mocked(loadRemote)
    .mockResolvedValue({ default: FakeStandaloneHost, contractVersion: 'test' });
  const render = jest.fn((services: HostServices) => <h1>Remote page in {services.language}</h1>);
  await act(() => mountStandalone(render));
  expect(registerRemotes).toHaveBeenCalledWith([
    { name: 'shell', entry: 'http://localhost:8080/mf-manifest.json' },
  ]);
  expect(loadRemote).toHaveBeenCalledWith('shell/StandaloneHost');
  expect(await screen.findByRole('heading', { name: 'Remote page in en' })).toBeInTheDocument();
  expect(app).toContainElement(screen.getByTestId('host'));
  expect(render).toHaveBeenCalledWith(host, expect.any(Function));
});

it("gives the remote's prepare a loader that fetches its texts' file from its dev server", async () => {
  jest
    .mocked(loadRemote)
    .mockResolvedValue({ default: FakeStandaloneHost, contractVersion: 'test' });
  const loaders: MessagesLoader[] = [];
  await act(() =>
    mountStandalone((_host, loadMessages) => {
      loaders.push(loadMessages);
      return null;
    }),
  );
  const file = 'http://localhost:3001/messages/ar.1234abcd.json';
  const fetch = jest.fn((url: string) =>
    Promise.resolve(
      url === file
        ? { ok: true, status: 200, json: () => Promise.resolve({ close: ['إغلاق'] }) }
        : { ok: false, status: 404 },
    ),
  );
  Object.defineProperty(window, 'fetch', { configurable: true, value: fetch });
  const [loadMessages] = loaders;
  await expect(loadMessages?.(file)).resolves.toEqual({ close: ['إغلاق'] });
  await expect(loadMessages?.(file.replace('ar.', 'ja.'))).rejects.toThrow(/answered 404/);
});

it('says so when the shell is not running', async () => {
  jest.mocked(loadRemote).mockRejectedValue(new Error('Failed to fetch'));
  await act(() =>
    mountStandalone(() => <h1>Remote page</h1>, { shellUrl: 'http://localhost:9999' }),
  );
  expect(registerRemotes).toHaveBeenCalledWith([
    { name: 'shell', entry: 'http://localhost:9999/mf-manifest.json' },
  ]);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Could not load the shell on http://localhost:9999: Error: Failed to fetch',
  );
  expect(screen.queryByRole('heading')).not.toBeInTheDocument();
});

it('says so when the shell does not expose its StandaloneHost', async () => {
  jest.mocked(loadRemote).mockResolvedValue(null);
  await act(() => mountStandalone(() => <h1>Remote page</h1>));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'shell/StandaloneHost is not available',
  );
});
