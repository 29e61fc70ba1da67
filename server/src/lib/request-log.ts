import type { FastifyRequest } from 'fastify';
import { takeExtractCodeOfAddress } from 'shared-contracts/page';

/**
 * A request as the log shows it: Fastify's own fields, but the address without a share link's
 * extract code (`/s/{code}?pwd=ab12`), so the logs never hold a protected share's code.
 */
export function requestOfLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: takeExtractCodeOfAddress(request.url).address,
    version: [request.headers['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
