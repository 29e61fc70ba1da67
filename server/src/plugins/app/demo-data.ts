import fp from 'fastify-plugin';
import { seedDemoData } from '../../db/seed';

/**
 * The demo data of docs/decisions/0026-demo-data.md when ENABLE_DEMO_DATA is on: seeded once, by
 * one instance.
 */
export default fp(
  async (app) => {
    if (app.env.demoData) await app.database.exclusive((locked) => seedDemoData(locked));
  },
  { name: 'demo-data', dependencies: ['config', 'database'] },
);
