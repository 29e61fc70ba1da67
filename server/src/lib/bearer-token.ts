import type { FastifyRequest } from 'fastify';
import { safeEqual } from './signing';

/** Whether the request carries `Authorization: Bearer {token}` (compared in constant time). */
export function hasBearerToken(request: FastifyRequest, token: string): boolean {
  return safeEqual(String(request.headers.authorization ?? ''), `Bearer ${token}`);
}
