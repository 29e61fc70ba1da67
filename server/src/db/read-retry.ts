import type pg from 'pg';
import { connectionWasLost } from '../lib/database-errors';

/** The one form of `query` Drizzle calls on a pool: a statement and its values, for a promise. */
type PoolQuery = (
  statement: string | pg.QueryConfig,
  values?: unknown[],
) => Promise<pg.QueryResult>;

/** Whether the statement only reads (Drizzle writes `select …`), and so may be sent twice. */
function onlyReads(statement: string | pg.QueryConfig): boolean {
  const text = typeof statement === 'string' ? statement : statement.text;
  return /^\s*select\b/i.test(text);
}

/**
 * Has the pool send a read once more, on another connection, when the connection it went out on
 * had just been ended by the database (pg_terminate_backend, a restart, a failover): the pool
 * learns that an idle connection is gone only when it reads the connection's last message, and
 * a visitor's request may take it first. A write is not sent again: it may have been committed
 * before its connection ended. Statements of a transaction go through a checked-out client, not
 * the pool, and are never sent again.
 */
export function retryReadsOnLostConnections(pool: pg.Pool): void {
  const send = pool.query.bind(pool) as PoolQuery;
  const sendReadTwice: PoolQuery = async (statement, values) => {
    try {
      return await send(statement, values);
    } catch (error) {
      if (!onlyReads(statement) || !connectionWasLost(error)) throw error;
      return send(statement, values);
    }
  };
  pool.query = sendReadTwice as typeof pool.query;
}
