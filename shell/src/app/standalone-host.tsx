import { useEffect, useState } from 'react';
import { CONTRACT_VERSION, type StandaloneHostProps } from 'shared-contracts';
import type { RuntimeConfig } from 'shared-contracts/page';
import { loadRuntimeConfig } from '../lib/config/runtime-config';
import { pageLanguage } from '../lib/i18n/page-language';
import { prepareShellTexts, shellTexts } from '../lib/i18n/shell-texts';
import { createShell, startShell, type Shell } from './create-shell';
import { chooseStandaloneLanguage } from './standalone-language';
import { OverlayLayer } from './overlay-layer';
import './layout.css';

export const contractVersion = CONTRACT_VERSION;

declare const __webpack_public_path__: string | undefined;

/**
 * Where the shell itself is served from (its federation public path), so a remote's standalone
 * page on another port reads the very config the product uses: `{shell}/config.json`.
 */
export function shellConfigUrl(): string {
  const base =
    typeof __webpack_public_path__ === 'string' && /^https?:/.test(__webpack_public_path__)
      ? __webpack_public_path__
      : 'http://localhost:8080/';
  return new URL('config.json', base).href;
}

let shared: Promise<Shell> | null = null;

/**
 * The config for a standalone page: the page's own `/config.json` when its dev server proxies it
 * to the product, else the shell's (which needs CORS on the shell's server).
 */
export async function standaloneConfig(candidates: string[]): Promise<RuntimeConfig> {
  let lastError: unknown = new Error('No runtime configuration found.');
  for (const url of candidates) {
    try {
      return await loadRuntimeConfig(url);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** The shell of a standalone page: its config, and its texts in the page's language. */
async function startStandaloneShell(candidates: string[]): Promise<Shell> {
  const language = chooseStandaloneLanguage();
  const [config] = await Promise.all([standaloneConfig(candidates), prepareShellTexts(language)]);
  const shell = createShell(config, { language });
  startShell(shell);
  return shell;
}

/** One shell per page, however often the standalone host mounts. */
export function standaloneShell(
  candidates: string[] = ['/config.json', shellConfigUrl()],
): Promise<Shell> {
  shared ??= startStandaloneShell(candidates);
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

/**
 * For `npm run dev -w remote-...`: the shell's overlay layer (toasts, login sheet, dialogs) and
 * `children(host)` with the very same HostServices the product gives the remotes.
 */
export default function StandaloneHost({ children }: StandaloneHostProps) {
  const [shell, setShell] = useState<Shell | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    standaloneShell().then(
      (loaded) => current && setShell(loaded),
      (error: unknown) =>
        current && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      current = false;
    };
  }, []);
  if (failed) {
    const t = shellTexts(pageLanguage());
    return (
      <div role="alert" style={{ padding: 24 }}>
        {t('standaloneHostFailed', { reason: failed })}
      </div>
    );
  }
  if (!shell) return null;
  return (
    <>
      {children(shell.host)}
      <OverlayLayer shell={shell} />
    </>
  );
}
