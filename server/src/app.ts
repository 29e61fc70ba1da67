import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerEnv } from './config/env';
import type { DatabaseHandle } from './db/client';
import cloud from './plugins/app/cloud';
import community from './plugins/app/community';
import config from './plugins/app/config';
import demoData from './plugins/app/demo-data';
import edgePurges from './plugins/app/edge-purges';
import errorHandler from './plugins/app/error-handlers';
import events from './plugins/app/events';
import fieldData from './plugins/app/field-data';
import health from './plugins/app/health';
import housekeeping from './plugins/app/housekeeping';
import identityProvider from './plugins/app/identity-provider';
import linkPreviews from './plugins/app/link-previews';
import products from './plugins/app/products';
import releases from './plugins/app/releases';
import reports from './plugins/app/reports';
import requestId, { requestIdOf } from './plugins/app/request-id';
import secrets from './plugins/app/secrets';
import sessions from './plugins/app/sessions';
import shareCaches from './plugins/app/share-caches';
import shares from './plugins/app/shares';
import shareUnlocks from './plugins/app/share-unlocks';
import storableTextGuard from './plugins/app/storable-text-guard';
import users from './plugins/app/users';
import compress from './plugins/external/compress';
import cors from './plugins/external/cors';
import database from './plugins/external/database';
import helmet from './plugins/external/helmet';
import metrics from './plugins/external/metrics';
import redis from './plugins/external/redis';
import staticFiles from './plugins/external/static';
import underPressure from './plugins/external/under-pressure';
import pageRoutes from './page-assembly/page-routes';
import apiRoutes from './routes/api/index';
import communityOauthRoutes from './routes/development/community-oauth';
import idpRoutes from './routes/development/idp';
import linkCardRoutes from './routes/files/link-cards';
import mediaRoutes from './routes/files/media';
import fieldBeaconRoutes from './routes/operations/field-beacon';
import healthRoutes from './routes/operations/health';
import opsReleaseRoutes from './routes/operations/releases';
import { requestOfLog } from './lib/request-log';

/** Big enough for a save of 10,000 file ids, small enough to refuse junk early. */
export const API_BODY_LIMIT = 256 * 1024;

/** How long a client may take to send its request (a slow one only holds a socket that long). */
export const REQUEST_TIMEOUTS = { headersMs: 5000, requestMs: 10_000, checkEveryMs: 1000 };

export interface BuildOptions {
  /** An open database (tests share one); otherwise opened from the env. */
  database?: DatabaseHandle;
  logger?: boolean;
}

/** Trusts the `hops` proxies nearest to this server: the client is the address before them. */
function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The server: its plugins (each a fastify-plugin naming the plugins it needs) and its routes.
 *
 * They are registered by this explicit list rather than by @fastify/autoload because the order is
 * behaviour that autoload (by folder, name and dependency) would not keep: Redis is the first
 * connection opened, so a password it refuses stops the start-up before the database is touched;
 * the root's hooks (stored text, request id, metrics) are added before the health routes' context
 * is made, and CORS, helmet and compression after it, so /healthz and /readyz carry none of those;
 * the pages' not-found handler is set before the other contexts, so each falls back to it; the
 * built apps' static files come last.
 */
export async function buildApp(
  env: ServerEnv,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // The request's line without a share link's extract code (`?pwd=`): logs never hold it.
    logger:
      options.logger === false
        ? false
        : { level: env.logLevel, serializers: { req: requestOfLog } },
    bodyLimit: API_BODY_LIMIT,
    // A hop count or the proxies' addresses (TRUST_PROXY); never every X-Forwarded-For.
    trustProxy:
      typeof env.trustProxy === 'number' ? trustNearestHops(env.trustProxy) : env.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    genReqId: requestIdOf,
    // Slow clients (slowloris) are cut off: a request's headers within 5 s, all of it within
    // 10 s, checked every second; the largest body is API_BODY_LIMIT.
    requestTimeout: REQUEST_TIMEOUTS.requestMs,
    http: {
      headersTimeout: REQUEST_TIMEOUTS.headersMs,
      requestTimeout: REQUEST_TIMEOUTS.requestMs,
      connectionsCheckingInterval: REQUEST_TIMEOUTS.checkEveryMs,
    },
    // No limit on a plugin's start: the database's waits up to DATABASE_TIMEOUTS.startUpMs for a
    // PostgreSQL that is starting, and a first start seeds the demo data (past avvio's 10 s).
    pluginTimeout: 0,
  });

  await app.register(config, { env });
  await app.register(health);
  await app.register(redis);
  await app.register(database, { database: options.database });
  await app.register(demoData);
  await app.register(secrets);
  await app.register(identityProvider);
  await app.register(storableTextGuard);
  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(fieldData);
  await app.register(edgePurges);
  await app.register(shareCaches);
  await app.register(sessions);
  await app.register(users);
  await app.register(shares);
  await app.register(shareUnlocks);
  await app.register(linkPreviews);
  await app.register(reports);
  await app.register(events);
  await app.register(products);
  await app.register(cloud);
  await app.register(community);
  await app.register(releases);
  await app.register(housekeeping);
  await app.register(requestId);

  await app.register(underPressure);
  await app.register(healthRoutes);
  await app.register(pageRoutes);
  await app.register(cors);
  await app.register(helmet);
  await app.register(compress);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);
  await app.register(linkCardRoutes);
  await app.register(fieldBeaconRoutes);
  await app.register(opsReleaseRoutes);
  if (app.devIdentity) await app.register(idpRoutes);
  if (env.devCommunity) await app.register(communityOauthRoutes);
  await app.register(staticFiles);
  return app;
}
