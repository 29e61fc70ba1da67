import './text-encoder-polyfill';
import { render } from '@testing-library/react';
import type { IdentityProviderName, SiteLanguage } from 'shared-contracts';
import type { IdentityPopupMessage, RuntimeConfig } from 'shared-contracts/page';
import { TEST_CONFIG } from 'shared-contracts/testing';
import { App } from '../app/app';
import { createShell, type Shell } from '../app/create-shell';
import { OverlayLayer } from '../app/overlay-layer';
import type { IdentityAdapter } from '../features/login/identity/identity-adapter';
import { fakeApiServer, ok, type FakeAnswer, type FakeRequest } from './fake-api-server';

export const USER_AGENTS = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36',
};

export interface ShellTestOptions {
  userAgent?: string;
  width?: number;
  /** The page's language, as the server paints it in `<html lang>` (English by default). */
  language?: SiteLanguage;
  config?: Partial<RuntimeConfig>;
  /** Answers API calls; unanswered paths get `{code:0, data:null}`. */
  api?: (request: FakeRequest) => FakeAnswer | undefined;
  /** What the identity popup gives back: null is a closed popup. */
  identity?: (provider: IdentityProviderName) => Promise<IdentityPopupMessage | null>;
  /** Render the whole app at this path instead of the overlay layer only. */
  path?: string;
}

/** Sets the browser's user agent and width for the next shell. */
function setBrowser(userAgent: string, width: number): void {
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

export function identityMessage(provider: IdentityProviderName): IdentityPopupMessage {
  return {
    type: 'nimbus:identity',
    provider,
    token: `${provider}-id-token`,
    username: 'Carol',
    account: 'carol@example.com',
  };
}

/** A real shell (real services) on a fake API server and a fake identity popup. */
export function renderShell(options: ShellTestOptions = {}) {
  setBrowser(options.userAgent ?? USER_AGENTS.desktop, options.width ?? 1280);
  document.documentElement.lang = options.language ?? 'en';
  const server = fakeApiServer((request) => options.api?.(request) ?? ok(null));
  const identity: IdentityAdapter = {
    signIn: options.identity ?? (async (provider) => identityMessage(provider)),
  };
  const shell: Shell = createShell(
    { ...TEST_CONFIG, ...options.config },
    { adapter: server.adapter, identity, storage: localStorage },
  );
  if (options.path !== undefined) window.history.pushState({}, '', options.path);
  const view = render(
    options.path !== undefined ? <App shell={shell} /> : <OverlayLayer shell={shell} />,
  );
  const events = () =>
    server.requests
      .filter((request) => request.url.endsWith('/event/report'))
      .map((request) => (request.body as { event_name: string }).event_name);
  return { shell, host: shell.host, requests: server.requests, events, ...view };
}
