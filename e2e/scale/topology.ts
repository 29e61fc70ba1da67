import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The balancer's address, started by scale/global-setup.ts. */
export function siteUrl(): string {
  const url = process.env.SCALE_URL;
  if (!url) throw new Error('scale/global-setup.ts did not start the topology');
  return url;
}

/** Each instance's own address (not through the balancer), started by scale/global-setup.ts. */
export function instanceUrls(): string[] {
  return (process.env.SCALE_INSTANCE_URLS ?? '').split(' ').filter(Boolean);
}

/** The bearer token of the instances' releases API. */
export function opsToken(): string {
  return process.env.SCALE_OPS_TOKEN ?? '';
}

/** A script of scripts/ (ESM; this file is compiled to CommonJS): a native dynamic import. */
export function scriptModule<Module>(file: string): Promise<Module> {
  const url = pathToFileURL(path.join(__dirname, '..', '..', 'scripts', file)).href;
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<Module>;
  return load(url);
}

/**
 * A POST to the site from another loopback address: another client (another network), as the
 * proxy sees it (scripts/post-from.mjs). Resolves with the HTTP status and the answer's code.
 */
export async function postFrom(
  localAddress: string,
  route: string,
  body: object,
): Promise<{ status: number; code: number }> {
  const { postFrom: post } =
    await scriptModule<typeof import('../../scripts/post-from.mjs')>('post-from.mjs');
  const { status, envelope } = await post(siteUrl(), localAddress, route, body);
  if (status === 0) throw new Error(`POST ${route} from ${localAddress}: no answer`);
  return { status, code: (envelope as { code: number }).code };
}
