import type { FastifyInstance } from 'fastify';
import { apiErrorHandler } from '../../plugins/app/error-handlers';
import apiResponseMetrics from '../../plugins/external/api-response-metrics';
import rateLimit from '../../plugins/external/rate-limit';
import communityRoutes from './community/index';
import devRoutes from './dev/index';
import eventRoutes from './event/index';
import fileRoutes from './file/index';
import productRoutes from './product/index';
import shareRoutes from './share/index';
import userRoutes from './user/index';

/**
 * The API, registered under /api: its own rate limit, its answer codes counted, and every error
 * answered in the envelope (apiErrorHandler); then each group of calls.
 */
export default async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(rateLimit);
  await api.register(apiResponseMetrics);
  // An empty JSON body reads as {} (calls without fields send nothing).
  const defaultJson = api.getDefaultJsonParser('error', 'error');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return defaultJson(request, text, done);
  });
  api.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) {
      request.body = {};
    }
  });
  api.setErrorHandler(apiErrorHandler);
  await api.register(userRoutes);
  await api.register(productRoutes);
  await api.register(shareRoutes);
  await api.register(fileRoutes);
  await api.register(eventRoutes);
  await api.register(communityRoutes);
  if (api.env.simulatedBridge) await api.register(devRoutes);
}
