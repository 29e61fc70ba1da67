import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, flag, numberIn, originOf } from './env-values';
import { readFirebase, type FirebaseEnv } from './firebase-env';
import { checkTrustProxyReach, parseTrustProxy, type TrustProxy } from './trust-proxy';
import { APPS } from './workspaces';

/**
 * The server's folder (media, migrations, public files): the first folder above this module that
 * holds the migrations, whether it runs from src/config/ (tests, tsx) or from the build (dist/).
 */
function findServerDir(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'drizzle', 'meta'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no server folder above ${from}`);
  }
}

const serverDir = findServerDir(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.dirname(serverDir);
export const MEDIA_ROOT = path.join(serverDir, 'media');
export const MIGRATIONS_DIR = path.join(serverDir, 'drizzle');
export const SERVER_PUBLIC_DIR = path.join(serverDir, 'public');

/** The fixed development value of the event signing key (not a secret: it ships in every page). */
export const DEV_EVENT_SIGN_KEY = 'nimbus-dev-event-key';
/** A master secret shorter than this is refused: it signs sessions' media, OAuth states, codes. */
export const MASTER_SECRET_MIN_BYTES = 32;

export interface ServerEnv {
  /** NODE_ENV=production: everything made for development and demos is off unless named. */
  production: boolean;
  port: number;
  host: string;
  /** Folder of the embedded database; null keeps PGlite in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  /** The site's origin: every absolute URL and every allowed origin is built from it. */
  publicOrigin: string;
  runtimeConfigFile: string | null;
  productName: string;
  eventSignKey: string;
  corsOrigins: string[];
  staticRoot: string;
  simulatedBridge: boolean;
  /** Requests per minute per client address on the API. */
  rateLimitMax: number;
  /**
   * The event loop's median lateness (ms) over which, two half-second windows in a row, the
   * instance sheds load (plugins/external/under-pressure.ts).
   */
  shedLoopDelayMs: number;
  /** Redis for what every instance must count together (the API rate limit); null: in memory. */
  redisUrl: string | null;
  /** The bearer token /metrics asks for; null: open in development, off in production. */
  metricsToken: string | null;
  /** The bearer token of /ops/releases (canaries); null: open in development, off in production. */
  opsToken: string | null;
  /** The edge caches' purge address(es) (EDGE_PURGE_URL, comma-separated); null: no edge. */
  edgePurgeUrl: string | null;
  /** The share of visits (0-1) whose browser measures and sends field data. */
  fieldSampleRate: number;
  /** How a canary is judged: visits each release needs first, and how often it is checked. */
  canary: { minVisits: number; checkMs: number };
  trustProxy: TrustProxy;
  /** Firebase Authentication; null: the development identity provider of this server. */
  firebase: FirebaseEnv | null;
  /** The development community OAuth provider (the invite flow's partner) is served. */
  devCommunity: boolean;
  /** The demo data of docs/decisions/0026-demo-data.md is seeded on start. */
  demoData: boolean;
  /** The builds' `.map` files are served. */
  sourceMaps: boolean;
  /** From MASTER_SECRET or MASTER_SECRET_FILE; null: generated once into the database. */
  masterSecret: Buffer | null;
  logLevel: string;
}

/** The development servers of the apps (`npm run dev -w ...`), allowed only outside production. */
const DEV_ORIGINS = APPS.map(({ devPort }) => `http://localhost:${devPort}`);

function readMasterSecret(source: NodeJS.ProcessEnv): Buffer | null {
  let text = source.MASTER_SECRET;
  if (!text && source.MASTER_SECRET_FILE) {
    try {
      text = readFileSync(source.MASTER_SECRET_FILE, 'utf8').trim();
    } catch (error) {
      throw new ConfigError(
        `MASTER_SECRET_FILE ${source.MASTER_SECRET_FILE} cannot be read: ${String(error)}`,
      );
    }
  }
  if (!text) return null;
  const secret = Buffer.from(text, 'utf8');
  if (secret.length < MASTER_SECRET_MIN_BYTES) {
    throw new ConfigError(
      `MASTER_SECRET must be at least ${MASTER_SECRET_MIN_BYTES} characters (e.g. openssl rand -base64 48)`,
    );
  }
  return secret;
}

/** The modes NODE_ENV may name; unset is development. */
const NODE_ENV_MODES = ['production', 'development', 'test'];

/**
 * Production mode, from NODE_ENV. Any value but the known modes refuses to start: a typo
 * (`Production`, `prod`) must never fall back to development, whose sign-in is open to anyone.
 */
function isProduction(source: NodeJS.ProcessEnv): boolean {
  const mode = source.NODE_ENV;
  if (mode !== undefined && mode !== '' && !NODE_ENV_MODES.includes(mode)) {
    throw new ConfigError(
      `NODE_ENV must be production, development or test (it is "${mode}"); unset, it is development`,
    );
  }
  return mode === 'production';
}

/** pino's levels, quietest last. */
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

function logLevelOf(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (!LOG_LEVELS.includes(value)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (it is "${value}")`);
  }
  return value;
}

/** Reads the process environment; throws a ConfigError naming the setting that is wrong. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const production = isProduction(source);
  const port = Number.parseInt(source.PORT ?? '8080', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError('PORT is not a port');
  }
  const rateLimitMax = Number.parseInt(source.RATE_LIMIT_MAX ?? '600', 10);
  const productionNeeds = (name: string, what: string) => {
    if (production && !source[name])
      throw new ConfigError(`${name} is required in production: ${what}`);
  };
  productionNeeds('PUBLIC_ORIGIN', 'the https origin the site is served on');
  if (production && !source.DATABASE_URL && !flag(source, 'ENABLE_EMBEDDED_DATABASE', false)) {
    throw new ConfigError(
      'DATABASE_URL is required in production: the PostgreSQL the site keeps its data in (or ENABLE_EMBEDDED_DATABASE=1 for the embedded one, a single instance)',
    );
  }
  const masterSecret = readMasterSecret(source);
  if (production && !masterSecret) {
    throw new ConfigError(
      'MASTER_SECRET or MASTER_SECRET_FILE is required in production: the secret that signs media links, OAuth states and codes (at least 32 characters)',
    );
  }
  const devOrigins = flag(source, 'ENABLE_DEV_ORIGINS', !production) ? DEV_ORIGINS : [];
  const corsOrigins = source.CORS_ORIGINS
    ? source.CORS_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
        .map((origin) => originOf('CORS_ORIGINS', origin))
    : devOrigins;
  const host = source.HOST ?? '0.0.0.0';
  const trustProxy = parseTrustProxy(source.TRUST_PROXY);
  checkTrustProxyReach(trustProxy, host, production);
  return {
    production,
    port,
    host,
    dataDir: source.DATA_DIR ? path.resolve(source.DATA_DIR) : path.join(REPO_ROOT, 'data'),
    databaseUrl: source.DATABASE_URL || null,
    publicOrigin: source.PUBLIC_ORIGIN
      ? originOf('PUBLIC_ORIGIN', source.PUBLIC_ORIGIN)
      : `http://localhost:${port}`,
    runtimeConfigFile: source.RUNTIME_CONFIG_FILE ? path.resolve(source.RUNTIME_CONFIG_FILE) : null,
    productName: source.PRODUCT_NAME || 'Nimbus',
    eventSignKey: source.EVENT_SIGN_KEY || DEV_EVENT_SIGN_KEY,
    corsOrigins,
    staticRoot: source.STATIC_ROOT ? path.resolve(source.STATIC_ROOT) : REPO_ROOT,
    simulatedBridge: source.SIMULATED_BRIDGE === '1',
    rateLimitMax: Number.isInteger(rateLimitMax) && rateLimitMax > 0 ? rateLimitMax : 600,
    shedLoopDelayMs: numberIn(source, 'SHED_LOOP_DELAY_MS', 500, [50, 600_000]),
    redisUrl: source.REDIS_URL || null,
    metricsToken: source.METRICS_TOKEN || null,
    opsToken: source.OPS_TOKEN || null,
    edgePurgeUrl: source.EDGE_PURGE_URL || null,
    fieldSampleRate: numberIn(source, 'FIELD_SAMPLE_RATE', 1, [0, 1]),
    canary: {
      minVisits: numberIn(source, 'CANARY_MIN_VISITS', 200, [1, 1_000_000]),
      checkMs: numberIn(source, 'CANARY_CHECK_MS', 10_000, [100, 3_600_000]),
    },
    trustProxy,
    firebase: readFirebase(source, production),
    devCommunity: flag(source, 'ENABLE_DEV_COMMUNITY', !production),
    demoData: flag(source, 'ENABLE_DEMO_DATA', !production),
    sourceMaps: flag(source, 'ENABLE_SOURCE_MAPS', !production),
    masterSecret,
    logLevel: logLevelOf(source.LOG_LEVEL),
  };
}
