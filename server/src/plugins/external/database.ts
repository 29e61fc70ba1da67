import fp from 'fastify-plugin';
import { ConfigError } from '../../config/env-values';
import {
  DATABASE_TIMEOUTS,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '../../db/client';
import { databaseErrorCodeOf } from '../../lib/database-errors';

/** The innermost message of a driver's error (drizzle wraps it as `cause`), on one line. */
function innermostMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const { message, code } = current as { message?: unknown; code?: unknown };
  const text = typeof message === 'string' && message ? message : String(code ?? current);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * PostgreSQL that cannot be reached or refuses the connection (a wrong password, a database that
 * does not exist) stops the start with one line naming DATABASE_URL, never its password.
 */
function startUpError(error: unknown, databaseUrl: string): ConfigError {
  let where = 'the database';
  try {
    const url = new URL(databaseUrl);
    where = `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    // not a URL: named without its place
  }
  const reason =
    databaseErrorCodeOf(error) === 'unavailable'
      ? `cannot reach ${where} within ${DATABASE_TIMEOUTS.startUpMs / 1000} s`
      : `${where} refused the connection`;
  return new ConfigError(`DATABASE_URL: ${reason} (${innermostMessage(error)})`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection itself: its pool, its start-up lock, its share-change channel. */
    database: DatabaseHandle;
    db: Database;
  }
}

export interface DatabasePluginOptions {
  /** An open database (tests share one), left open when the app closes; else opened here. */
  database?: DatabaseHandle;
}

/**
 * PostgreSQL (DATABASE_URL) or PGlite, migrated. A start-up waits up to
 * DATABASE_TIMEOUTS.startUpMs for a PostgreSQL that is not up yet.
 */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const { env } = app;
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: env.databaseUrl,
        dataDir: env.dataDir,
        startUpWaitMs: DATABASE_TIMEOUTS.startUpMs,
      }).catch((error: unknown) => {
        throw env.databaseUrl ? startUpError(error, env.databaseUrl) : error;
      }));
    if (!options.database) app.addHook('onClose', () => database.close());
    const stopWatchingIdleErrors = database.onIdleConnectionError((error) =>
      app.log.warn({ err: error }, 'the database ended an idle connection; the pool opens another'),
    );
    app.addHook('onClose', async () => void stopWatchingIdleErrors());
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database', dependencies: ['config'] },
);
