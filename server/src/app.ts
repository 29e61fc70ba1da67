import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { ResponseCode } from 'shared-contracts';
import type { ServerEnv } from './config/env';
import { RuntimeConfigSource } from './config/runtime-config';
import { DATABASE_TIMEOUTS, openDatabase, type DatabaseHandle } from './db/client';
import { seedDemoData } from './db/seed';
import { DependencyHealth } from './dependencies/dependency-health';
import { SharedRedis } from './dependencies/redis';
import {
  ApiError,
  DATABASE_UNAVAILABLE_MESSAGE,
  failure,
  loginRequired,
  serviceUnavailable,
} from './lib/api-error';
import { databaseErrorCodeOf } from './lib/database-errors';
import { loadSecrets } from './lib/secrets';
import { ShareCache } from './lib/share-cache';
import { findUnstorableText } from './lib/storable-text';
import { CloudService } from './plugins/app/cloud';
import { CommunityService } from './plugins/app/community';
import { startHousekeeping } from './plugins/app/housekeeping';
import { ExtractCodeProofs } from './plugins/app/extract-code-proofs';
import { FirebaseIdentity, PublishedKeys } from './plugins/app/firebase-identity';
import { DevelopmentIdentity, type IdentityVerifier } from './plugins/app/identity';
import { SessionService } from './plugins/app/sessions';
import { ShareService } from './plugins/app/shares';
import { registerCompress } from './plugins/external/compress';
import { registerCors } from './plugins/external/cors';
import { registerHelmet } from './plugins/external/helmet';
import { countApiResponses, createMetrics, registerMetrics } from './plugins/external/metrics';
import { registerRateLimit } from './plugins/external/rate-limit';
import { registerStatic } from './plugins/external/static';
import communityRoutes from './routes/api/community/index';
import devRoutes from './routes/api/dev/index';
import eventRoutes from './routes/api/event/index';
import fileRoutes from './routes/api/file/index';
import productRoutes from './routes/api/product/index';
import shareRoutes from './routes/api/share/index';
import { tokenOf } from './routes/api/types';
import userRoutes from './routes/api/user/index';
import communityOauthRoutes from './routes/pages/community-oauth';
import healthRoutes from './routes/pages/health';
import idpRoutes from './routes/pages/idp';
import mediaRoutes from './routes/pages/media';
import pageRoutes from './page-assembly/page-routes';
import './types';

/** A share page is rendered again after this long at most (sooner when the share changes). */
const PAGE_CACHE_TTL_MS = 5000;
/** Pages kept at most (each a few tens of KB, three device classes and languages per share). */
const PAGE_CACHE_MAX = 500;

/** Big enough for a save of 10,000 file ids, small enough to refuse junk early. */
export const API_BODY_LIMIT = 256 * 1024;

export interface BuildOptions {
  /** An open database (tests share one); otherwise opened from the env. */
  database?: DatabaseHandle;
  logger?: boolean;
}

/** A proxy's X-Request-Id when it looks like one, else a new id: one id from edge to log. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
}

/** Trusts the `hops` proxies nearest to this server: the client is the address before them. */
function trustNearestHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Text a database cannot store, refused before any handler sees it (400, or 4000 on the API). */
class UnstorableTextError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('text must not contain NUL or unpaired surrogate characters');
  }
}

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
function apiErrorHandler(
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

export async function buildApp(
  env: ServerEnv,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.logLevel },
    bodyLimit: API_BODY_LIMIT,
    // A hop count or the proxies' addresses (TRUST_PROXY); never every X-Forwarded-For.
    trustProxy:
      typeof env.trustProxy === 'number' ? trustNearestHops(env.trustProxy) : env.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    genReqId: requestIdOf,
  });

  const health = new DependencyHealth(app.log);
  app.decorate('health', health);
  health.track('database');
  // First: a password Redis refuses stops the start-up before anything else is opened.
  const redis = env.redisUrl ? new SharedRedis(env.redisUrl, health) : null;
  if (redis) {
    await redis.start();
    app.addHook('onClose', () => redis.close());
  }
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      startUpWaitMs: DATABASE_TIMEOUTS.startUpMs,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const stopWatchingIdleErrors = database.onIdleConnectionError((error) =>
    app.log.warn({ err: error }, 'the database ended an idle connection; the pool opens another'),
  );
  app.addHook('onClose', async () => void stopWatchingIdleErrors());
  const db = database.db;
  if (env.demoData) await database.exclusive((locked) => seedDemoData(locked));
  const secrets = await loadSecrets(db, env.masterSecret);
  let devIdentity: DevelopmentIdentity | null = null;
  let identity: IdentityVerifier;
  if (env.firebase) {
    if (!env.firebase.emulatorHost) health.track('identity-keys');
    const keys = new PublishedKeys(
      env.firebase.jwksUrl,
      undefined,
      undefined,
      (available, detail) =>
        available
          ? health.up('identity-keys')
          : health.down('identity-keys', 'the signing keys cannot be read', detail),
    );
    identity = new FirebaseIdentity(env.firebase, keys);
  } else {
    devIdentity = new DevelopmentIdentity(secrets.key('identity-token'));
    identity = devIdentity;
  }

  const metrics = createMetrics(database.pool, health);
  const onLookup = (kind: string, hit: boolean) =>
    metrics.cacheLookups.inc({ cache: kind, result: hit ? 'hit' : 'miss' });
  // What this instance has read of shares, and their rendered pages: dropped the moment the
  // database announces a change to the share (from any instance), or everything when the
  // announcements were interrupted.
  const shareCache = new ShareCache({ onLookup });
  const pageCache = new ShareCache({
    ttlMs: PAGE_CACHE_TTL_MS,
    maxWeight: PAGE_CACHE_MAX,
    onLookup,
  });
  const caches = [shareCache, pageCache];
  if (database.kind === 'postgres') health.track('share-changes');
  const stopListening = await database.listenForShareChanges({
    changed: (shareId) => caches.forEach((cache) => cache.invalidate(shareId)),
    // Unheard changes are possible from here: share status is read at most a second old.
    lost() {
      caches.forEach((cache) => cache.distrust());
      health.down('share-changes', 'not listening: share status is read at most 1 s old');
    },
    restored() {
      caches.forEach((cache) => cache.trust());
      health.up('share-changes');
    },
  });
  app.addHook('onClose', stopListening);

  app.decorate('env', env);
  app.decorate('metrics', metrics);
  app.decorate('pageCache', pageCache);
  app.decorate('db', db);
  app.decorate('secrets', secrets);
  app.decorate('runtimeConfig', new RuntimeConfigSource(env, app.log));
  app.decorate('services', {
    sessions: new SessionService(db),
    shares: new ShareService(
      db,
      secrets.key('media-url'),
      new ExtractCodeProofs(secrets.key('extract-code-proof')),
      {
        cache: shareCache,
        onRefusal: (reason) => metrics.extractCodeRefusals.inc({ reason }),
      },
    ),
    cloud: new CloudService(db),
    identity,
    devIdentity,
    community: new CommunityService(db, secrets, env.devCommunity),
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await app.services.sessions.userOf(tokenOf(request));
    if (!user) throw loginRequired();
    return user;
  });
  // Query strings and JSON bodies reach the database: refuse what it cannot store, everywhere.
  app.addHook('preValidation', async (request) => {
    if (findUnstorableText(request.query) !== null || findUnstorableText(request.body) !== null) {
      throw new UnstorableTextError();
    }
  });
  // Pages and media: a database that is away is a 503 with Retry-After, not a 500.
  app.setErrorHandler(function pageErrorHandler(error, _request, reply) {
    if (databaseErrorCodeOf(error) !== 'unavailable') return reply.send(error);
    const answer = databaseUnavailable(this, error);
    return reply
      .code(503)
      .header('Retry-After', String(answer.retryAfterSeconds))
      .type('text/plain; charset=utf-8')
      .send(answer.message);
  });
  startHousekeeping(app);
  // The request id a proxy sent (X-Request-Id), or a new one: in every log line and the answer.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  await registerMetrics(app, metrics);

  await app.register(healthRoutes);
  // First, so every context (static files included) falls back to it.
  await pageRoutes(app);
  await registerCors(app, env);
  await registerHelmet(app, app.runtimeConfig);
  await registerCompress(app);

  await app.register(
    async (api) => {
      await registerRateLimit(api, env.rateLimitMax, redis);
      countApiResponses(api, metrics);
      // An empty JSON body reads as {} (calls without fields send nothing).
      const defaultJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') return done(null, {});
        return defaultJson(request, text, done);
      });
      api.addHook('preValidation', async (request) => {
        if (request.method === 'POST' && (request.body === undefined || request.body === null)) {
          request.body = {};
        }
      });
      api.setErrorHandler(apiErrorHandler);
      await api.register(userRoutes);
      await api.register(productRoutes);
      await api.register(shareRoutes);
      await api.register(fileRoutes);
      await api.register(eventRoutes);
      await api.register(communityRoutes);
      if (env.simulatedBridge) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes);
  if (devIdentity) await app.register(idpRoutes);
  if (env.devCommunity) await app.register(communityOauthRoutes);
  await registerStatic(app, env);
  return app;
}
