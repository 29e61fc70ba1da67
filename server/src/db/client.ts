import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config/env';
import {
  listenForShareChanges,
  SHARE_CHANGED_CHANNEL,
  type ShareChangeSubscriber,
} from '../dependencies/share-change-channel';
import { databaseErrorCodeOf } from '../lib/database-errors';
import { lockDataDir } from './data-dir-lock';
import { retryReadsOnLostConnections } from './read-retry';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code uses: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool (its size and waiters, for the metrics); null for PGlite. */
  pool: pg.Pool | null;
  /**
   * Runs start-up work that every instance may try at the same moment (migrations, seeding) one
   * instance at a time: under a PostgreSQL advisory lock (PGlite is one process anyway).
   */
  exclusive<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /**
   * Tells the subscriber of every share that changes, in any instance, until the returned
   * function is called (PostgreSQL LISTEN/NOTIFY), and when the channel is lost and back.
   */
  listenForShareChanges(subscriber: ShareChangeSubscriber): Promise<() => Promise<void>>;
  /**
   * Told of each connection the database dropped while it sat idle in the pool (a restart, a
   * failover, an idle-connection reaper): the pool replaces it; the listener only logs.
   */
  onIdleConnectionError(listener: (error: Error) => void): () => void;
  /**
   * Asks the database whether it answers, on a connection of its own: readiness never waits in
   * line behind the requests that fill the pool (a flood is not an outage).
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl: string | null;
  /** PGlite's folder; in memory when null. */
  dataDir: string | null;
  /** How long to wait for a PostgreSQL server that cannot be reached yet (none by default). */
  startUpWaitMs?: number;
}

/** The advisory lock every instance takes for its start-up work (any fixed number would do). */
const STARTUP_LOCK_KEY = 4_217_311;

/**
 * The bounds of every call to PostgreSQL (docs/operations/faults-and-chaos.md, "When a dependency
 * fails"): no request waits on it longer than these, whatever state it is in.
 */
export const DATABASE_TIMEOUTS = {
  /** Connecting, or waiting for a free connection of the pool. */
  connectMs: 2000,
  /** One statement, ended by the server (it rolls its transaction back). */
  statementMs: 5000,
  /** One statement, ended by this process when the server does not answer at all. */
  queryMs: 6000,
  /** A transaction left open by a stuck client holds no locks for longer than this. */
  idleInTransactionMs: 10_000,
  /**
   * How long a start-up waits for a database that is not up yet (an orchestrator starting both);
   * past it the process stops with one line, and its supervisor (ops/nimbus-share.service)
   * starts it again.
   */
  startUpMs: 8000,
} as const;

/** Opens the database and applies the drizzle-kit migrations of server/drizzle/. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir);
  const migrate = () =>
    handle.exclusive((db) =>
      handle.kind === 'postgres'
        ? migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR })
        : migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    );
  try {
    await untilDatabaseAnswers(migrate, handle.kind === 'postgres' ? options.startUpWaitMs : 0);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Runs `work`, again while the database cannot be reached (it may be starting beside this
 * process), for at most `waitMs`; any other error at once.
 */
async function untilDatabaseAnswers<T>(work: () => Promise<T>, waitMs = 0): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (databaseErrorCodeOf(error) !== 'unavailable' || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 250 * 2 ** attempt)));
    }
  }
}

/** The pool's connections: requests share them, kinds of work take at most their part. */
export const POOL_SIZE = 10;

function openPostgres(databaseUrl: string): DatabaseHandle {
  const settings = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
    // A connection whose server vanished without a word is found by the operating system.
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...settings, application_name: 'nimbus', max: POOL_SIZE });
  retryReadsOnLostConnections(pool);
  // Kept open (no idle timeout): a readiness check never waits for a new connection.
  const healthPool = new pg.Pool({
    ...settings,
    application_name: 'nimbus-health',
    max: 1,
    idleTimeoutMillis: 0,
  });
  healthPool.on('error', () => undefined);
  healthPool.on('connect', (client) => client.on('error', () => undefined));
  // An idle connection the server ends (pg_terminate_backend, a restart) is an 'error' of the
  // pool: without a listener it would end the process. The pool drops it and connects anew.
  const idleErrorListeners = new Set<(error: Error) => void>();
  pool.on('error', (error) => {
    for (const listener of idleErrorListeners) listener(error);
  });
  // A connection checked out of the pool (a transaction, a save) has no pool listener: one the
  // server ends under it would end the process. Its query fails instead, and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    async exclusive(work) {
      // A connection of its own, without the pool's timeouts: waiting for another instance's
      // migrations or seeding may take longer than any one request may.
      const client = new pg.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
      });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work(drizzlePg(client, { schema }) as unknown as Database);
      } finally {
        // Ending the session releases its advisory lock too.
        await client.end().catch(() => undefined);
      }
    },
    listenForShareChanges: (subscriber) => listenForShareChanges(databaseUrl, subscriber),
    onIdleConnectionError(listener) {
      idleErrorListeners.add(listener);
      return () => idleErrorListeners.delete(listener);
    },
    ping: async () => void (await healthPool.query('select 1')),
    async close() {
      await Promise.all([pool.end(), healthPool.end()]);
    },
  };
}

/** PGlite's extensions the migrations create: pg_trgm, for the share search's name index. */
const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let releaseFolder: () => void = () => undefined;
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseFolder = lockDataDir(dataDir);
    client = new PGlite(`${dataDir}/pglite`, { extensions: PGLITE_EXTENSIONS });
  } else {
    client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pool: null,
    exclusive: (work) => work(db),
    // In this process: its notifications cannot be lost.
    async listenForShareChanges(subscriber) {
      const unsubscribe = await client.listen(SHARE_CHANGED_CHANNEL, (payload) => {
        const id = Number(payload);
        if (Number.isInteger(id)) subscriber.changed(id);
      });
      // The database may be closed first: then there is nothing left to stop.
      return () => unsubscribe().catch(() => undefined);
    },
    onIdleConnectionError: () => () => undefined,
    // One process, one connection: a query waits its turn whatever it is.
    ping: async () => void (await client.query('select 1')),
    async close() {
      await client.close();
      releaseFolder();
    },
  };
}
