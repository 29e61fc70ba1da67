import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config/env';
import { ConfigError } from '../config/env-values';
import {
  listenForShareChanges,
  SHARE_CHANGED_CHANNEL,
  type ShareChangeSubscriber,
} from '../dependencies/share-change-channel';
import { databaseErrorCodeOf } from '../lib/database-errors';
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
 * The bounds of every call to PostgreSQL (README, "When a dependency fails"): no request waits
 * on it longer than these, whatever state it is in.
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
  /** How long a start-up waits for a database that is not up yet (an orchestrator starting both). */
  startUpMs: 60_000,
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

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    application_name: 'nimbus',
    max: 10,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    query_timeout: DATABASE_TIMEOUTS.queryMs,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
    // A connection whose server vanished without a word is found by the operating system.
    keepAlive: true,
  });
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
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  let releaseFolder: () => void = () => undefined;
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    releaseFolder = lockDataDir(dataDir);
    client = new PGlite(`${dataDir}/pglite`);
  } else {
    client = new PGlite();
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
    async close() {
      await client.close();
      releaseFolder();
    },
  };
}

/**
 * PGlite is PostgreSQL inside one process: a second process on the same folder would corrupt
 * it. The folder's lock file names the process that holds it; a stale one (its process is gone)
 * is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'nimbus.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (isRunning(holder)) {
        throw new ConfigError(
          `DATA_DIR ${dataDir} is in use by process ${holder}: the embedded database serves one process. Stop it, give this one its own DATA_DIR, or run several instances on PostgreSQL (DATABASE_URL)`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new ConfigError(`DATA_DIR ${dataDir} could not be locked`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
