import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = path.dirname(serverDir);
export const MEDIA_ROOT = path.join(serverDir, 'media');
export const MIGRATIONS_DIR = path.join(serverDir, 'drizzle');
export const SERVER_PUBLIC_DIR = path.join(serverDir, 'public');

/** The fixed development value of the event signing key (not a secret: it ships in every page). */
export const DEV_EVENT_SIGN_KEY = 'nimbus-dev-event-key';
/** A master secret shorter than this is refused: it signs sessions' media, OAuth states, codes. */
export const MASTER_SECRET_MIN_BYTES = 32;

/** Google's published keys of Firebase ID tokens (x509 certificates as a JWK set). */
export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Firebase Authentication, the hosted identity service (DECISIONS.md). */
export interface FirebaseEnv {
  projectId: string;
  /** The web API key: public, it goes into every page's runtime configuration. */
  apiKey: string;
  /** Where the sign-in popup runs (`<project>.firebaseapp.com`, or the site's own domain). */
  authDomain: string;
  /**
   * `host:port` of the Firebase Auth Emulator: the page signs in there, and the server accepts
   * its unsigned tokens. Never in production.
   */
  emulatorHost: string | null;
  /** The keys ID tokens are checked against: Google's, or a test's own. */
  jwksUrl: string;
}

/**
 * Which proxies may tell the client's address in `X-Forwarded-For`: none, the last N hops, or
 * the listed addresses and networks. Never "any header from anyone".
 */
export type TrustProxy = false | number | string[];

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
  /** Redis for what every instance must count together (the API rate limit); null: in memory. */
  redisUrl: string | null;
  /** The bearer token /metrics asks for; null: open in development, off in production. */
  metricsToken: string | null;
  trustProxy: TrustProxy;
  /** Firebase Authentication; null: the development identity provider of this server. */
  firebase: FirebaseEnv | null;
  /** The development community OAuth provider (the invite flow's partner) is served. */
  devCommunity: boolean;
  /** The demo data of DECISIONS.md is seeded on start. */
  demoData: boolean;
  /** The builds' `.map` files are served. */
  sourceMaps: boolean;
  /** From MASTER_SECRET or MASTER_SECRET_FILE; null: generated once into the database. */
  masterSecret: Buffer | null;
  logLevel: string;
}

/** A setting that is missing or wrong: the server says which and does not start. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The development servers of the apps (`npm run dev -w ...`), allowed only outside production. */
const DEV_ORIGINS = [3000, 3001, 3002, 3003].map((port) => `http://localhost:${port}`);

function flag(source: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = source[name];
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0 (it is "${value}")`);
}

function required(source: NodeJS.ProcessEnv, name: string, reason: string): string {
  const value = source[name];
  if (!value) throw new ConfigError(`${name} is required ${reason}`);
  return value;
}

function readFirebase(source: NodeJS.ProcessEnv, production: boolean): FirebaseEnv | null {
  const provider = source.IDENTITY_PROVIDER || (production ? '' : 'development');
  if (provider === 'development') {
    if (production && !flag(source, 'ENABLE_DEV_IDENTITY', false)) {
      throw new ConfigError(
        'IDENTITY_PROVIDER=development serves demo accounts to anyone: in production set IDENTITY_PROVIDER=firebase, or ENABLE_DEV_IDENTITY=1 for a demo deployment',
      );
    }
    return null;
  }
  if (provider !== 'firebase') {
    throw new ConfigError(
      production
        ? 'IDENTITY_PROVIDER=firebase (with FIREBASE_PROJECT_ID and FIREBASE_API_KEY) is required in production'
        : 'IDENTITY_PROVIDER must be development or firebase',
    );
  }
  const projectId = required(source, 'FIREBASE_PROJECT_ID', 'when IDENTITY_PROVIDER=firebase');
  if (!/^[a-z0-9-]{4,40}$/.test(projectId)) {
    throw new ConfigError(`FIREBASE_PROJECT_ID "${projectId}" is not a Firebase project id`);
  }
  const emulatorHost = source.FIREBASE_AUTH_EMULATOR_HOST || null;
  if (emulatorHost && production) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST is for development and tests: its tokens are not signed; unset it in production',
    );
  }
  if (emulatorHost && !/^[A-Za-z0-9.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST must be host:port, e.g. 127.0.0.1:9099');
  }
  // The emulator takes any key; a real project needs its own.
  const apiKey = emulatorHost
    ? source.FIREBASE_API_KEY || 'emulator-api-key'
    : required(source, 'FIREBASE_API_KEY', 'when IDENTITY_PROVIDER=firebase');
  return {
    projectId,
    apiKey,
    authDomain: source.FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    emulatorHost,
    jwksUrl: source.FIREBASE_JWKS_URL || FIREBASE_JWKS_URL,
  };
}

/** An http(s) origin, normalized (`https://example.com`, no path, no trailing slash). */
function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an origin such as https://share.example.com`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.length > 1) {
    throw new ConfigError(`${name} must be an http(s) origin without a path (it is "${value}")`);
  }
  return url.origin;
}

/** `TRUST_PROXY`: a hop count (`1` for one proxy in front) or addresses and CIDR networks. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || value === '0') return false;
  if (/^[1-9]$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined || !address || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
  if (entries.length === 0 || !valid) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count (1-9) or a comma-separated list of proxy addresses or networks (10.0.0.0/8); it is "${value}"`,
    );
  }
  return entries;
}

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

/** An address only this machine can reach: a server listening there is not reached by clients. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * In production a hop count trusts the last X-Forwarded-For entry of whoever connects: anyone who
 * reaches the server directly (around the proxy) could name any address. It is taken only when
 * the server listens on loopback, where only a proxy on the same machine can reach it; otherwise
 * the proxies must be named by address.
 */
function checkTrustProxyReach(trustProxy: TrustProxy, host: string, production: boolean): void {
  if (!production || typeof trustProxy !== 'number' || isLoopbackHost(host)) return;
  throw new ConfigError(
    `TRUST_PROXY=${trustProxy} (a hop count) believes a forged X-Forwarded-For from anyone who reaches this server directly on ${host}: in production name the proxies (TRUST_PROXY=10.0.0.5 or a network such as 10.0.0.0/8), or listen on loopback only (HOST=127.0.0.1) behind a proxy on this machine`,
  );
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
    redisUrl: source.REDIS_URL || null,
    metricsToken: source.METRICS_TOKEN || null,
    trustProxy,
    firebase: readFirebase(source, production),
    devCommunity: flag(source, 'ENABLE_DEV_COMMUNITY', !production),
    demoData: flag(source, 'ENABLE_DEMO_DATA', !production),
    sourceMaps: flag(source, 'ENABLE_SOURCE_MAPS', !production),
    masterSecret,
    logLevel: source.LOG_LEVEL ?? 'info',
  };
}
