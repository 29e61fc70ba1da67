import type { FastifyError, FastifyInstance } from 'fastify';
import { FIELD_BEACON_PATH, type FieldBeacon, type RuntimeConfig } from 'shared-contracts';
import { FieldBeaconSchema } from 'shared-contracts/schemas';
import { linkPreviewAgentOf } from '../../link-preview/crawlers';
import { ApiError } from '../../lib/api-error';
import rateLimit from '../../plugins/external/rate-limit';

/** A beacon is a few hundred bytes; anything much bigger is not one. */
const BEACON_BODY_LIMIT = 8 * 1024;
/** Beacons per minute per client network: a visit sends one, a busy reader a few. */
const BEACONS_PER_MINUTE = 30;

/** The releases the configuration names: always a label of their own in the metrics. */
function knownReleases(config: RuntimeConfig): Set<string> {
  const releases = Object.values(config.remotes).flatMap((remote) => [
    remote.release,
    remote.canary?.release,
  ]);
  return new Set(releases.filter((release): release is string => release !== undefined));
}

/** What of a beacon the log keeps: nothing but what it measured, when something was wrong. */
function worthLogging(beacon: FieldBeacon): boolean {
  const { lcp = 0, inp = 0, cls = 0 } = beacon.vitals;
  return beacon.errors.length > 0 || lcp > 4000 || inp > 500 || cls > 0.25;
}

/**
 * `POST /field/beacon`: one visit's field data (Core Web Vitals, errors, releases) from the
 * shell's `navigator.sendBeacon`. 204 once recorded; 400 for anything the schema refuses, 413
 * too big, 429 past the rate limit: a refused beacon changes no metric.
 */
export default async function fieldBeaconRoutes(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { max: BEACONS_PER_MINUTE, scope: 'field-beacon' });
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // The rate limit's refusal.
      reply.header('Retry-After', String(error.retryAfterSeconds ?? 60));
      return reply.code(429).send({ error: error.message });
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'a field beacon failed');
    return reply.code(500).send({ error: 'The beacon could not be recorded.' });
  });

  app.post<{ Body: FieldBeacon }>(
    FIELD_BEACON_PATH,
    { schema: { body: FieldBeaconSchema }, bodyLimit: BEACON_BODY_LIMIT },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // A link-preview agent that runs the page's scripts is no visitor.
      if (linkPreviewAgentOf(request.headers['user-agent'])) return reply.code(204).send();
      const beacon = request.body;
      const config = await app.runtimeConfig.current();
      app.fieldMetrics.record(beacon, knownReleases(config));
      if (worthLogging(beacon)) {
        const { page, platform, vitals, errors, attribution, remotes } = beacon;
        request.log.info(
          { field: { page, platform, vitals, errors, attribution, remotes } },
          'field data of a poor visit',
        );
      }
      try {
        await app.releases.recordVisit(beacon);
      } catch (error) {
        // The histograms have it; only the canary's verdict misses this visit.
        request.log.warn({ err: error }, 'a canary visit could not be recorded');
      }
      return reply.code(204).send();
    },
  );
}
