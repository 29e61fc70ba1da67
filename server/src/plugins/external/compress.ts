import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** gzip / brotli for API answers and static files above 1 KB. */
export async function registerCompress(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}
