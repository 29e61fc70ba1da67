import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ConfigError, MIGRATIONS_DIR } from '../config/env';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code uses: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** Told when a share's content, status or sharer changes (the shares_changed trigger). */
export type ShareChangeListener = (shareId: number) => void;

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
   * Calls `listener` with the id of every share that changes, in any instance, until the returned
   * function is called (PostgreSQL LISTEN/NOTIFY). `onReset` runs when the connection was lost
   * and came back: changes in between were not heard.
   */
  listenForShareChanges(
    listener: ShareChangeListener,
    onReset: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl: string | null;
  /** PGlite's folder; in memory when null. */
  dataDir: string | null;
}

/** The channel the migration 0002 triggers notify with a share id. */
export const SHARE_CHANGED_CHANNEL = 'nimbus_share_changed';
/** The advisory lock every instance takes for its start-up work (any fixed number would do). */
const STARTUP_LOCK_KEY = 4_217_311;
/** How long the listener waits before it connects again after losing its connection. */
const LISTEN_RETRY_MS = 1000;

/** Opens the database and applies the drizzle-kit migrations of server/drizzle/. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : await openPglite(options.dataDir);
  try {
    await handle.exclusive((db) =>
      handle.kind === 'postgres'
        ? migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR })
        : migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    );
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(databaseUrl: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    async exclusive(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work(drizzlePg(client, { schema }) as unknown as Database);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    async listenForShareChanges(listener, onReset) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (isReconnect: boolean) => {
        const next = new pg.Client({ connectionString: databaseUrl });
        next.on('notification', (message) => {
          const id = Number(message.payload);
          if (Number.isInteger(id)) listener(id);
        });
        next.on('error', () => {
          // The connection is gone: what changed meanwhile will not be told, so start afresh.
          void next.end().catch(() => undefined);
          if (stopped) return;
          retry = setTimeout(() => void connect(true).catch(() => undefined), LISTEN_RETRY_MS);
        });
        await next.connect();
        await next.query(`listen ${SHARE_CHANGED_CHANNEL}`);
        client = next;
        if (isReconnect) onReset();
      };
      await connect(false);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
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
    async listenForShareChanges(listener) {
      const unsubscribe = await client.listen(SHARE_CHANGED_CHANNEL, (payload) => {
        const id = Number(payload);
        if (Number.isInteger(id)) listener(id);
      });
      // The database may be closed first: then there is nothing left to stop.
      return () => unsubscribe().catch(() => undefined);
    },
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
