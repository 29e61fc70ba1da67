import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = path.dirname(serverDir);
export const MEDIA_ROOT = path.join(serverDir, 'media');
export const MIGRATIONS_DIR = path.join(serverDir, 'drizzle');
export const SERVER_PUBLIC_DIR = path.join(serverDir, 'public');

/** The fixed development value of the event signing key (not a secret: it ships in every page). */
export const DEV_EVENT_SIGN_KEY = 'nimbus-dev-event-key';

export interface HostedIdentityEnv {
  jwksUrl: string;
  issuer: string;
  audience: string;
  origin: string;
  signInUrl: string;
  sdkUrl?: string;
  clientId?: string;
}

export interface ServerEnv {
  port: number;
  host: string;
  /** Folder of the embedded database; null keeps PGlite in memory (tests). */
  dataDir: string | null;
  databaseUrl: string | null;
  publicOrigin: string | null;
  runtimeConfigFile: string | null;
  productName: string;
  eventSignKey: string;
  corsOrigins: string[];
  staticRoot: string;
  simulatedBridge: boolean;
  /** Requests per minute per client address on the API. */
  rateLimitMax: number;
  /** null: the development identity provider of this server. */
  hostedIdentity: HostedIdentityEnv | null;
  logLevel: string;
}

const DEFAULT_CORS_ORIGINS = [3000, 3001, 3002, 3003].map((port) => `http://localhost:${port}`);

function required(source: NodeJS.ProcessEnv, name: string): string {
  const value = source[name];
  if (!value) throw new Error(`${name} is required when IDENTITY_PROVIDER=hosted`);
  return value;
}

function readHostedIdentity(source: NodeJS.ProcessEnv): HostedIdentityEnv | null {
  const provider = source.IDENTITY_PROVIDER ?? 'development';
  if (provider === 'development') return null;
  if (provider !== 'hosted') throw new Error(`IDENTITY_PROVIDER must be development or hosted`);
  return {
    jwksUrl: required(source, 'IDENTITY_JWKS_URL'),
    issuer: required(source, 'IDENTITY_ISSUER'),
    audience: required(source, 'IDENTITY_AUDIENCE'),
    origin: required(source, 'IDENTITY_ORIGIN'),
    signInUrl: required(source, 'IDENTITY_SIGN_IN_URL'),
    sdkUrl: source.IDENTITY_SDK_URL,
    clientId: source.IDENTITY_CLIENT_ID,
  };
}

/** Reads the process environment (see the server README section of the report for each name). */
export function readEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number.parseInt(source.PORT ?? '8080', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('PORT is not a port');
  const rateLimitMax = Number.parseInt(source.RATE_LIMIT_MAX ?? '600', 10);
  return {
    port,
    host: source.HOST ?? '0.0.0.0',
    dataDir: source.DATA_DIR ? path.resolve(source.DATA_DIR) : path.join(REPO_ROOT, 'data'),
    databaseUrl: source.DATABASE_URL || null,
    publicOrigin: source.PUBLIC_ORIGIN ? source.PUBLIC_ORIGIN.replace(/\/+$/, '') : null,
    runtimeConfigFile: source.RUNTIME_CONFIG_FILE ? path.resolve(source.RUNTIME_CONFIG_FILE) : null,
    productName: source.PRODUCT_NAME || 'Nimbus',
    eventSignKey: source.EVENT_SIGN_KEY || DEV_EVENT_SIGN_KEY,
    corsOrigins: source.CORS_ORIGINS
      ? source.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : DEFAULT_CORS_ORIGINS,
    staticRoot: source.STATIC_ROOT ? path.resolve(source.STATIC_ROOT) : REPO_ROOT,
    simulatedBridge: source.SIMULATED_BRIDGE === '1',
    rateLimitMax: Number.isInteger(rateLimitMax) && rateLimitMax > 0 ? rateLimitMax : 600,
    hostedIdentity: readHostedIdentity(source),
    logLevel: source.LOG_LEVEL ?? 'info',
  };
}
