import type { TSchema } from '@sinclair/typebox';
import type { ApiPath } from 'shared-contracts';
import { API_ROUTES, Answer, Refusal } from 'shared-contracts/schemas';

/**
 * A route's schema: the body it validates, and every answer it sends, which Fastify serialises
 * with fast-json-stringify (compiled once, when the route is added): a field the contract does not
 * name is dropped. Refusals answer 200 too (any code but 0), and 429 or 503 with a retry time.
 */
const routeSchema = (body: TSchema, data: TSchema) => ({
  body,
  response: { 200: Answer(data), '4xx': Refusal, '5xx': Refusal },
});

/** Fastify's route schema of a call of ApiRoutes, from the contract's schemas. */
export function schemaOf(path: ApiPath) {
  return routeSchema(API_ROUTES[path].request, API_ROUTES[path].response);
}
