import { StrictMode } from 'react';
import type { RuntimeConfig, SharePrefetch } from 'shared-contracts';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createShell, startShell } from './app/create-shell';
import { loadRuntimeConfig } from './config/runtime-config';
import { untilPageRemoteSettles, type PageRemote } from './remotes/page-remote';

/** How long the first paint waits for the page's remote, whose files were requested with the page. */
const PAGE_REMOTE_WAIT_MS = 1000;

/**
 * Starts the app with what the entry chunk read and started: `pageConfig` is the page's runtime
 * config (null when it has none, or a broken one, which loading it again reports),
 * `sharePrefetch` holds the share answers, `pageRemote` the page's remote it began to load.
 */
export async function boot(
  pageConfig: RuntimeConfig | null,
  sharePrefetch: SharePrefetch,
  pageRemote: PageRemote,
) {
  const root = createRoot(document.getElementById('app') as HTMLElement);
  try {
    const config = pageConfig ?? (await loadRuntimeConfig());
    const shell = createShell(config);
    startShell(shell);
    await untilPageRemoteSettles(pageRemote, PAGE_REMOTE_WAIT_MS);
    root.render(
      <StrictMode>
        <App shell={shell} sharePrefetch={sharePrefetch} pageRemote={pageRemote} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[shell] could not start', error);
    root.render(
      <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
        The page could not be loaded. Please try again later.
      </div>,
    );
  }
}
