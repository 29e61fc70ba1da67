import { request as httpRequest } from 'node:http';

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

/**
 * A POST to the site from another loopback address: another client (another network), as the
 * proxy sees it. Resolves with the HTTP status and the answer's code.
 */
export function postFrom(
  localAddress: string,
  path: string,
  body: object,
): Promise<{ status: number; code: number }> {
  const url = new URL(path, siteUrl());
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', host: url.host },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const envelope = JSON.parse(text) as { code: number };
          resolve({ status: response.statusCode ?? 0, code: envelope.code });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}
