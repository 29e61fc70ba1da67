import type { ApiClient, ApiPath, ApiRequest } from 'shared-contracts';
import { nextTask } from '../../lib/main-thread/next-task';
import type { Transport, TransportDeps } from './axios-transport';

export type ApiClientDeps = TransportDeps;

/**
 * The one API client (docs/product.md, "Calls"): POST JSON, 10 s timeout, the product's headers and
 * error catalogue, on axios (api/axios-transport.ts). axios loads with the first call, not with the
 * page's start-up scripts (it would not fit their budget: docs/performance.md).
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  let transport: Promise<Transport> | null = null;
  const load = () => {
    transport ??= import(/* webpackChunkName: "api-transport" */ './axios-transport').then(
      async (module) => {
        // The chunk is evaluated in the task that brought it; the transport is made and the
        // first call sent in the next: two shorter tasks on a slow phone, not one long one
        // (docs/performance.md, "A quiet main thread after ready").
        await nextTask();
        return module.createAxiosTransport(deps);
      },
      (error: unknown) => {
        transport = null;
        throw error;
      },
    );
    return transport;
  };
  return {
    async call<P extends ApiPath>(path: P, body: ApiRequest<P>, options = {}) {
      return (await load())(path, body, options);
    },
  };
}
