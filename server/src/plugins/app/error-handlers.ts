import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCode } from 'shared-contracts';
import {
  ApiError,
  DATABASE_UNAVAILABLE_MESSAGE,
  failure,
  serviceUnavailable,
} from '../../lib/api-error';
import { databaseErrorCodeOf } from '../../lib/database-errors';

/**
 * A database that cannot be reached or did not answer in time: recorded for /readyz, then the
 * 503 the API and the pages answer meanwhile (a load balancer tries another instance, the API
 * client tries again after Retry-After).
 */
function databaseUnavailable(app: FastifyInstance, error: unknown): ApiError {
  app.health.down('database', 'not answering', error);
  return serviceUnavailable(DATABASE_UNAVAILABLE_MESSAGE);
}

/** Envelope for anything thrown inside /api: codes for refusals, 4000 for bad input, never a bare 5xx. */
export function apiErrorHandler(
  this: FastifyInstance,
  thrown: FastifyError | ApiError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const databaseCode = databaseErrorCodeOf(thrown);
  const error = databaseCode === 'unavailable' ? databaseUnavailable(this, thrown) : thrown;
  if (error instanceof ApiError) {
    if (error.retryAfterSeconds !== undefined) {
      return reply
        .code(error.code === ResponseCode.ServiceUnavailable ? 503 : 429)
        .header('Retry-After', String(error.retryAfterSeconds))
        .send(failure(error.code, error.message, error.data));
    }
    return reply.code(200).send(failure(error.code, error.message, error.data));
  }
  if (databaseCode === 'unique_violation') {
    return reply
      .code(200)
      .send(failure(ResponseCode.NameTaken, 'That already exists. Please try again.'));
  }
  if (databaseCode === 'unstorable_text') {
    return reply
      .code(200)
      .send(failure(ResponseCode.InvalidRequest, 'Invalid request: text that cannot be stored'));
  }
  if (error.validation) {
    return reply
      .code(200)
      .send(failure(ResponseCode.InvalidRequest, `Invalid request: ${error.message}`));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      status === 413
        ? 'Invalid request: the body is too large'
        : status === 415
          ? 'Invalid request: send JSON (Content-Type: application/json)'
          : `Invalid request: ${error.message}`;
    return reply.code(200).send(failure(ResponseCode.InvalidRequest, message));
  }
  request.log.error({ err: error }, 'unexpected API error');
  return reply
    .code(500)
    .send(
      failure(
        ResponseCode.ServerError,
        'Something went wrong on our side. Please try again later.',
      ),
    );
}

/**
 * Pages and media: a database that is away, or an instance that sheds load, is a 503 with
 * Retry-After, not a 500.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(function pageErrorHandler(error, _request, reply) {
      const busy = error instanceof ApiError && error.code === ResponseCode.ServiceUnavailable;
      if (!busy && databaseErrorCodeOf(error) !== 'unavailable') return reply.send(error);
      const answer = busy ? error : databaseUnavailable(this, error);
      return reply
        .code(503)
        .header('Retry-After', String(answer.retryAfterSeconds))
        .type('text/plain; charset=utf-8')
        .send(answer.message);
    });
  },
  { name: 'error-handler', dependencies: ['health'] },
);
