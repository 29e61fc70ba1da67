import type { FastifyInstance } from 'fastify';
import { success } from '../../../lib/api-error';
import { schemaOf } from '../../../schemas/route-schemas';
import type { ApiRoute } from '../types';

export default async function productRoutes(app: FastifyInstance): Promise<void> {
  app.post<ApiRoute<'/product/list'>>(
    '/product/list',
    { schema: schemaOf('/product/list') },
    async (request) => {
      return success({ vip_products: await app.products.list(request.body.app_id) });
    },
  );
}
