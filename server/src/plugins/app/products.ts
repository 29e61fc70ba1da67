import { asc, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Product } from 'shared-contracts';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

const dollars = (cents: number) => Math.round(cents) / 100;

/** The plans the upgrade sheet offers. */
export class ProductService {
  constructor(private readonly db: Database) {}

  /** An app's plans in their order, priced in dollars (the table keeps cents). */
  async list(appId: number): Promise<Product[]> {
    const rows = await this.db
      .select()
      .from(products)
      .where(eq(products.appId, appId))
      .orderBy(asc(products.sortOrder), asc(products.id));
    return rows.map((row) => ({
      price: dollars(row.priceCents),
      cycle_type: row.cycleType,
      cycle_num: row.cycleNum,
      is_default: row.isDefault ? 1 : 0,
      third_product_id: row.thirdProductId,
      name: row.name,
      discount_price: dollars(row.discountPriceCents),
    }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    products: ProductService;
  }
}

export default fp(
  async (app) => {
    app.decorate('products', new ProductService(app.db));
  },
  { name: 'products', dependencies: ['database'] },
);
