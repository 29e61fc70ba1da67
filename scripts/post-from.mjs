// A POST of JSON from a loopback address of its own (127.0.x.y): each address is a client
// network of its own to the site's per-network limits (scripts/chaos.mjs, scripts/canary-check.mjs).
import { request as httpRequest } from 'node:http';

/** A POST of JSON to the site from a loopback address of its own; resolves with status and body. */
export function postFrom(site, localAddress, route, body) {
  const url = new URL(route, site);
  return new Promise((resolve) => {
    const started = Date.now();
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', host: url.host },
        timeout: 10_000,
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let envelope = null;
          try {
            envelope = JSON.parse(text);
          } catch {
            // A beacon's 204 has no body.
          }
          resolve({ status: response.statusCode, envelope, ms: Date.now() - started });
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', () => resolve({ status: 0, envelope: null, ms: Date.now() - started }));
    outgoing.end(JSON.stringify(body));
  });
}
