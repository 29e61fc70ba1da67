import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { settings } from '../db/schema';

const MASTER_SECRET_KEY = 'master_secret';

/** What each derived key signs; one master secret, one key per purpose. */
export type SecretPurpose =
  | 'identity-token'
  | 'media-url'
  | 'community-state'
  | 'community-code'
  | 'extract-code-proof'
  | 'share-unlock';

export interface Secrets {
  key(purpose: SecretPurpose): Buffer;
}

/** One key per purpose, derived from the master secret. */
function deriveKeys(master: Buffer): Secrets {
  const derived = new Map<SecretPurpose, Buffer>();
  return {
    key(purpose) {
      let value = derived.get(purpose);
      if (!value) {
        value = createHmac('sha256', master).update(purpose).digest();
        derived.set(purpose, value);
      }
      return value;
    },
  };
}

/**
 * The master secret comes from the environment (MASTER_SECRET or MASTER_SECRET_FILE; required in
 * production). Outside production, without one, it is generated on first start and kept in the
 * database (inside DATA_DIR for the embedded database), never in the repository; every process
 * on one database shares it.
 */
export async function loadSecrets(db: Database, configured: Buffer | null): Promise<Secrets> {
  if (configured) return deriveKeys(configured);
  await db
    .insert(settings)
    .values({ key: MASTER_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, MASTER_SECRET_KEY));
  if (!row) throw new Error('The master secret could not be stored');
  return deriveKeys(Buffer.from(row.value, 'base64url'));
}
