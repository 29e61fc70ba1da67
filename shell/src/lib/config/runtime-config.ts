import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from 'shared-contracts/page';

/**
 * The runtime configuration the server writes into the page (a JSON script element), so the
 * remotes' manifest URLs and every other setting change without rebuilding the shell.
 * Returns null when the page carries none (the dev server's page).
 */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig | null {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as RuntimeConfig;
}

/** The page's config, or null when it has none or it does not parse (bootstrap reports that). */
export function readPageConfigOrNull(doc: Document = document): RuntimeConfig | null {
  try {
    return readRuntimeConfig(doc);
  } catch {
    return null;
  }
}

/** Makes the remotes' manifest URLs absolute against the address the config came from. */
export function resolveRemoteUrls(config: RuntimeConfig, baseUrl: string): RuntimeConfig {
  const remotes = { ...config.remotes };
  for (const name of Object.keys(remotes) as (keyof RuntimeConfig['remotes'])[]) {
    remotes[name] = {
      ...remotes[name],
      manifestUrl: new URL(remotes[name].manifestUrl, baseUrl).href,
    };
  }
  return { ...config, remotes };
}

/**
 * The config of the page, else fetched from `configUrl` (`/config.json` for `npm run dev -w shell`,
 * the shell's own origin for a remote's standalone page).
 */
export async function loadRuntimeConfig(
  configUrl = '/config.json',
  doc: Document = document,
): Promise<RuntimeConfig> {
  const inPage = readRuntimeConfig(doc);
  if (inPage) return inPage;
  const absolute = new URL(configUrl, doc.baseURI).href;
  const response = await fetch(absolute, { headers: { Accept: 'application/json' } });
  if (!response.ok)
    throw new Error(`No runtime configuration at ${absolute} (${response.status}).`);
  const config = (await response.json()) as RuntimeConfig;
  return resolveRemoteUrls(config, absolute);
}
