import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  isSiteLanguage,
  type ApiEnvelope,
  type ApiPath,
  type ApiRequest,
  type ApiResponse,
  type SiteLanguage,
} from 'shared-contracts';
import { API_HEADERS } from 'shared-contracts/page';
import { invalidRequest } from '../../lib/api-error';
import type { Idempotency } from '../../lib/idempotency';

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

/**
 * The visitor's language, as the page sends it in the X-Language header (API_HEADERS.language):
 * the share list orders names in its alphabet. English when missing or not a site language.
 */
export function languageOf(request: FastifyRequest): SiteLanguage {
  const value = request.headers[API_HEADERS.language.toLowerCase()];
  return isSiteLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * The Idempotency-Key of a call that creates something (API_HEADERS.idempotencyKey): the API
 * client sends a new one with every call, and a retry of that call carries the same. Null without
 * one; a malformed one is refused.
 */
export function idempotencyOf(request: FastifyRequest, route: ApiPath): Idempotency | null {
  const value = request.headers[API_HEADERS.idempotencyKey.toLowerCase()];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(value)) {
    throw invalidRequest(
      'Invalid request: Idempotency-Key must be 16 to 64 letters, digits, - or _',
    );
  }
  return { key: value, route };
}
