/** SQLSTATE codes the API answers as the client's mistake rather than a server error. */
const CLIENT_CAUSED: Record<string, DatabaseErrorCode> = {
  '23505': 'unique_violation',
  '22021': 'unstorable_text', // character_not_in_repertoire (e.g. NUL in text)
  '22P05': 'unstorable_text', // untranslatable_character
};

export type DatabaseErrorCode = 'unique_violation' | 'unstorable_text';

/**
 * What a database error means for the client, or null for anything else. Drizzle wraps the
 * driver's error (node-postgres or PGlite) as its `cause`; both carry the SQLSTATE in `code`.
 */
export function databaseErrorCodeOf(error: unknown): DatabaseErrorCode | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && code in CLIENT_CAUSED) return CLIENT_CAUSED[code] ?? null;
    current = cause;
  }
  return null;
}
