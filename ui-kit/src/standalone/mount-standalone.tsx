import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REQUEST_TIMEOUT_MS,
  SHELL_FEDERATION_NAME,
  SHELL_STANDALONE_HOST_EXPOSE,
  type HostServices,
  type Messages,
  type MessagesLoader,
  type StandaloneHostModule,
} from 'shared-contracts';

/** Where `npm start` serves the product (and so the shell's federation manifest). */
export const DEV_SHELL_URL = 'http://localhost:8080';

/** A developer's page only, never a visitor's: its one text stays English. */
const couldNotLoad = (shellUrl: string, error: unknown) =>
  // eslint-disable-next-line lingui/no-unlocalized-strings -- see above
  `Could not load the shell on ${shellUrl}: ${String(error)}`;

/**
 * A remote's texts on its standalone page, which no product server paints (so no page carries
 * them): its catalog file, fetched from its dev server.
 */
const fetchMessages: MessagesLoader = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Messages;
};

export interface MountStandaloneOptions {
  /** The server of the running shell; the product's dev server by default. */
  shellUrl?: string;
  /** Where to render: #app (else the body) by default. */
  container?: Element;
  /** Render in React's StrictMode (the default). */
  strictMode?: boolean;
}

/**
 * The standalone dev page of a remote (`npm run dev -w remote-...`): loads the shell's
 * StandaloneHost from the running product and renders `render(host, loadMessages)` with the very
 * same HostServices the product gives the remote and a loader of its texts (`fetchMessages`), or
 * says that the shell is not running.
 * Resolves once the page (or the error) is rendered.
 */
export async function mountStandalone(
  render: (host: HostServices, loadMessages: MessagesLoader) => ReactNode,
  { shellUrl = DEV_SHELL_URL, container, strictMode = true }: MountStandaloneOptions = {},
): Promise<void> {
  registerRemotes([{ name: SHELL_FEDERATION_NAME, entry: `${shellUrl}/mf-manifest.json` }]);
  const root = createRoot(container ?? document.getElementById('app') ?? document.body);
  const show = (node: ReactNode) =>
    root.render(strictMode ? <StrictMode>{node}</StrictMode> : node);
  const id = `${SHELL_FEDERATION_NAME}/${SHELL_STANDALONE_HOST_EXPOSE.replace(/^\.\//, '')}`;
  try {
    const module = await loadRemote<StandaloneHostModule>(id);
    if (!module) throw new Error(`${id} is not available`);
    const StandaloneHost = module.default;
    show(<StandaloneHost>{(host) => render(host, fetchMessages)}</StandaloneHost>);
  } catch (error: unknown) {
    show(<p role="alert">{couldNotLoad(shellUrl, error)}</p>);
  }
}
