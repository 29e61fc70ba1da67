import fp from 'fastify-plugin';
import {
  DATABASE_TIMEOUTS,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '../../db/client';

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
