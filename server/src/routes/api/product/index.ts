import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { products } from '../../../db/schema';
import { success } from '../../../lib/api-error';
import { schemaOf } from '../../../schemas/api-bodies';
import type { ApiRoute } from '../types';

const dollars = (cents: number) => Math.round(cents) / 100;

export default async function productRoutes(app: FastifyInstance): Promise<void> {
  app.post<ApiRoute<'/product/list'>>(
    '/product/list',
    { schema: schemaOf('/product/list') },
    async (request) => {
      const rows = await app.db
        .select()
        .from(products)
        .where(eq(products.appId, request.body.app_id))
        .orderBy(asc(products.sortOrder), asc(products.id));
      return success({
        vip_products: rows.map((row) => ({
          price: dollars(row.priceCents),
          cycle_type: row.cycleType,
          cycle_num: row.cycleNum,
          is_default: row.isDefault ? 1 : 0,
          third_product_id: row.thirdProductId,
          name: row.name,
          discount_price: dollars(row.discountPriceCents),
        })),
      });
    },
  );
}
