import type { FastifyRequest } from 'fastify';
import type { ApiEnvelope, ApiPath, ApiRequest, ApiResponse } from 'shared-contracts';

/** Fastify route generics of an `ApiRoutes` entry: its request body and its envelope. */
export interface ApiRoute<P extends ApiPath> {
  Body: ApiRequest<P>;
  Reply: ApiEnvelope<ApiResponse<P>>;
}

/** The session token of the X-Token header (API_HEADERS.token). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-token'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
