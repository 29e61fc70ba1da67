import fp from 'fastify-plugin';
import { FieldMetrics } from '../../field-data/field-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The field data's histograms and counters (README, "Operating it"). */
    fieldMetrics: FieldMetrics;
  }
}

export default fp(
  async (app) => {
    app.decorate('fieldMetrics', new FieldMetrics(app.metrics.registry));
  },
  { name: 'field-data', dependencies: ['metrics'] },
);
