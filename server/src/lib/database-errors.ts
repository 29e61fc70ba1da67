/** SQLSTATE codes the API answers as the client's mistake rather than a server error. */
const CLIENT_CAUSED: Record<string, DatabaseErrorCode> = {
  '23505': 'unique_violation',
  '22021': 'unstorable_text', // character_not_in_repertoire (e.g. NUL in text)
  '22P05': 'unstorable_text', // untranslatable_character
};

/**
 * SQLSTATE codes and socket errors that say the database cannot be reached or cannot answer now
 * (it restarts, fails over, ended the connection, or a statement ran out of time): a moment
 * later the same request may well succeed.
 */
const UNAVAILABLE = new Set([
  '57P01', // admin_shutdown: the server is stopping, or pg_terminate_backend ended the session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: the statement timeout
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres says these in words only (no code): a lost or timed-out connection. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated due to connection timeout|the database system is (starting up|shutting down|in recovery mode)|is not currently accepting connections/i;

export type DatabaseErrorCode = 'unique_violation' | 'unstorable_text' | 'unavailable';

/**
 * The error and the errors it wraps, each one's code and message (where it has them as text):
 * Drizzle wraps the driver's error (node-postgres or PGlite) as its `cause`.
 */
function* errorChainOf(error: unknown): Generator<{ code?: string; message?: string }> {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause, message } = current as {
      code?: unknown;
      cause?: unknown;
      message?: unknown;
    };
    yield {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
    };
    current = cause;
  }
}

/**
 * What a database error means for the client, or null for anything else. Both drivers carry the
 * SQLSTATE in `code` (class 08 is a connection exception).
 */
export function databaseErrorCodeOf(error: unknown): DatabaseErrorCode | null {
  for (const { code, message } of errorChainOf(error)) {
    if (code !== undefined) {
      if (code in CLIENT_CAUSED) return CLIENT_CAUSED[code] ?? null;
      if (UNAVAILABLE.has(code) || code.startsWith('08')) return 'unavailable';
    }
    if (message !== undefined && UNAVAILABLE_MESSAGE.test(message)) return 'unavailable';
  }
  return null;
}

/** SQLSTATE codes and socket errors of a connection that ended under a statement. */
const CONNECTION_LOST = new Set(['57P01', '57P02', 'ECONNRESET', 'EPIPE']);

/**
 * Whether the error says the statement's connection ended (the database ended the session, or
 * its socket closed): not whether the database can be reached, which a new connection tells.
 */
export function connectionWasLost(error: unknown): boolean {
  return [...errorChainOf(error)].some(
    ({ code, message }) =>
      (code !== undefined && CONNECTION_LOST.has(code)) ||
      (message !== undefined && /Connection terminated unexpectedly/i.test(message)),
  );
}
