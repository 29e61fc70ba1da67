import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunningProduct } from '../../scripts/product-server.mjs';

export type { RunningProduct };

type ProductServerModule = typeof import('../../scripts/product-server.mjs');

/**
 * scripts/product-server.mjs is ESM and the specs are compiled to CommonJS: it is loaded with a
 * native dynamic import at run time.
 */
function productServer(): Promise<ProductServerModule> {
  const url = pathToFileURL(path.join(__dirname, '..', '..', 'scripts', 'product-server.mjs')).href;
  const load = new Function('url', 'return import(url)') as (
    url: string,
  ) => Promise<ProductServerModule>;
  return load(url);
}

/** `startProduct` of scripts/product-server.mjs: same command, free port, fresh data folder. */
export async function startProduct(
  options: Parameters<ProductServerModule['startProduct']>[0] = {},
): Promise<RunningProduct> {
  return (await productServer()).startProduct(options);
}
