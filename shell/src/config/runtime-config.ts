import { RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from 'shared-contracts';

/**
 * The runtime configuration the server writes into the page (a JSON script element), so the
 * remotes' manifest URLs and every other setting change without rebuilding the shell.
 */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const element = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page carries no runtime configuration.');
  return JSON.parse(element.textContent) as RuntimeConfig;
}
