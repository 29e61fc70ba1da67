import fp from 'fastify-plugin';
import { routeOf } from './metrics';

/** Counts the API's envelope codes (registered inside the /api scope). */
export default fp(
  async (api) => {
    api.addHook('onSend', async (request, _reply, payload) => {
      // The envelope is serialized with its code first: `{"code":4001,...`.
      const code = typeof payload === 'string' ? /^\{"code":(\d+)/.exec(payload)?.[1] : undefined;
      if (code !== undefined) {
        api.metrics.apiResponses.inc({ route: routeOf(request.routeOptions.url), code });
      }
      return payload;
    });
  },
  { name: 'api-response-metrics', dependencies: ['metrics'] },
);
