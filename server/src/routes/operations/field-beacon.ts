import type { FastifyError, FastifyInstance } from 'fastify';
import { ResponseCode } from 'shared-contracts';
import { FIELD_BEACON_PATH, type FieldBeacon } from 'shared-contracts/page';
import { FieldBeaconBodySchema, type FieldBeaconBody } from 'shared-contracts/schemas';
import { linkPreviewAgentOf } from '../../link-preview/crawlers';
import { ApiError } from '../../lib/api-error';
import { Bulkhead } from '../../lib/bulkhead';
import { clientNetworkOf } from '../../lib/client-network';
import { platformOfHeaders } from '../../page-assembly/page-client';
import rateLimit from '../../plugins/external/rate-limit';

/** A beacon is a few hundred bytes; anything much bigger is not one. */
const BEACON_BODY_LIMIT = 8 * 1024;
/** Beacons per minute per client network: a visit sends one, a busy reader a few. */
const BEACONS_PER_MINUTE = 30;

/**
 * A canary's visits are written to the database: 2 of the pool's connections at most, a short
 * line, and a visit past it is not kept (the histograms have it; the verdict waits for more).
 */
const CANARY_VISITS_BULKHEAD = { concurrency: 2, queue: 50, queueTimeoutMs: 1000 };

/** What of a beacon the log keeps: nothing but what it measured, when something was wrong. */
function worthLogging(beacon: FieldBeacon): boolean {
  const { lcp = 0, inp = 0, cls = 0 } = beacon.vitals;
  return beacon.errors.length > 0 || lcp > 4000 || inp > 500 || cls > 0.25;
}

/**
 * `POST /field/beacon`: one visit's field data (Core Web Vitals, errors, releases) from the
 * shell's `navigator.sendBeacon` (or the page's early script, without a platform). 204 once
 * recorded; 400 for anything the schema refuses, 413 too big, 429 past the rate limit: a refused
 * beacon changes no metric, nor does one past its client network's `BEACONS_PER_NETWORK`
 * (answered 204: a browser has nothing to do about it).
 */
export default async function fieldBeaconRoutes(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { max: BEACONS_PER_MINUTE, scope: 'field-beacon' });
  const canaryVisits = new Bulkhead('field-data', CANARY_VISITS_BULKHEAD, (name) =>
    app.metrics.bulkheadRefusals.inc({ bulkhead: name }),
  );
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // The rate limit's refusal, or the instance shedding load.
      const busy = error.code === ResponseCode.ServiceUnavailable;
      reply.header('Retry-After', String(error.retryAfterSeconds ?? 60));
      return reply.code(busy ? 503 : 429).send({ error: error.message });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'a field beacon failed');
    return reply.code(500).send({ error: 'The beacon could not be recorded.' });
  });

  app.post<{ Body: FieldBeaconBody }>(
    FIELD_BEACON_PATH,
    { schema: { body: FieldBeaconBodySchema }, bodyLimit: BEACON_BODY_LIMIT },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // A link-preview agent that runs the page's scripts is no visitor.
      if (linkPreviewAgentOf(request.headers['user-agent'])) return reply.code(204).send();
      // A visit that left before the shell started says no platform: its request's headers do.
      const beacon: FieldBeacon = {
        ...request.body,
        platform: request.body.platform ?? platformOfHeaders(request.headers),
      };
      const network = clientNetworkOf(request.ip);
      const observed = app.fieldMetrics.record(beacon, network, await app.knownReleases());
      // The log of poor visits is bounded as the figures are.
      if (observed && worthLogging(beacon)) {
        const { page, platform, vitals, errors, attribution, remotes } = beacon;
        request.log.info(
          { field: { page, platform, vitals, errors, attribution, remotes } },
          'field data of a poor visit',
        );
      }
      try {
        await canaryVisits.run(() => app.releases.recordVisit(beacon));
      } catch (error) {
        // The histograms have it; only the canary's verdict misses this visit.
        request.log.warn({ err: error }, 'a canary visit could not be recorded');
      }
      return reply.code(204).send();
    },
  );
}
