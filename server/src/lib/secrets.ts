import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { settings } from '../db/schema';

const MASTER_SECRET_KEY = 'master_secret';

/** What each derived key signs; one master secret, one key per purpose. */
export type SecretPurpose = 'identity-token' | 'media-url' | 'community-state' | 'community-code';

export interface Secrets {
  key(purpose: SecretPurpose): Buffer;
}

/**
 * The master secret is generated on first start and kept in the database (inside DATA_DIR for
 * the embedded database), never in the repository. Every process on one database shares it.
 */
export async function loadSecrets(db: Database): Promise<Secrets> {
  await db
    .insert(settings)
    .values({ key: MASTER_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, MASTER_SECRET_KEY));
  if (!row) throw new Error('The master secret could not be stored');
  const master = Buffer.from(row.value, 'base64url');
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
