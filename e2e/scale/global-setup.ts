import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type ScaleModule = typeof import('../../scripts/scale.mjs');

/** scripts/scale.mjs is ESM and this file is compiled to CommonJS: a native dynamic import. */
function scaleModule(): Promise<ScaleModule> {
  const url = pathToFileURL(path.join(__dirname, '..', '..', 'scripts', 'scale.mjs')).href;
  const load = new Function('url', 'return import(url)') as (url: string) => Promise<ScaleModule>;
  return load(url);
}

/**
 * Starts the multi-instance topology once for the whole run (PostgreSQL, Redis, three instances,
 * HAProxy) and a small control server through which the tests stop and start instances:
 * `POST /instances/{index}/stop?signal=SIGKILL` and `POST /instances/{index}/start`.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const topology = await (
    await scaleModule()
  ).startScaleTopology({
    instances: 3,
    // Varnish in front of HAProxy when it is installed (edge.spec.ts; the others go through it).
    edge: true,
    // Every visit measured, and a canary judged after three visits of each release (canary.spec.ts).
    env: { FIELD_SAMPLE_RATE: '1', CANARY_MIN_VISITS: '3', CANARY_CHECK_MS: '500' },
  });
  const control: Server = createServer((request, response) => {
    const match = /^\/instances\/(\d+)\/(stop|start)/.exec(request.url ?? '');
    const instance = match ? topology.instances[Number(match[1])] : undefined;
    if (request.method !== 'POST' || !match || !instance) {
      response.writeHead(404).end();
      return;
    }
    const signal = new URL(request.url ?? '', 'http://control').searchParams.get('signal');
    const done =
      match[2] === 'stop'
        ? instance.stop(signal === 'SIGKILL' ? 'SIGKILL' : 'SIGTERM')
        : instance.start();
    done.then(
      () => response.writeHead(204).end(),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  process.env.SCALE_URL = topology.url;
  // The edge's working folder (varnishstat -n), the database (to cancel a share), /metrics' token.
  process.env.SCALE_EDGE_WORKDIR = topology.edge?.workdir ?? '';
  process.env.SCALE_DATABASE_URL = topology.postgres.url;
  process.env.SCALE_METRICS_TOKEN = topology.metricsToken ?? '';
  process.env.SCALE_INSTANCE_URLS = topology.instances
    .map((instance) => `http://127.0.0.1:${instance.port}`)
    .join(' ');
  process.env.SCALE_OPS_TOKEN = topology.opsToken;
  process.env.SCALE_CONTROL_URL = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;
  return async () => {
    control.close();
    await topology.stop();
  };
}
