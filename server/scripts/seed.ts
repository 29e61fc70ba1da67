/**
 * Applies the migrations and seeds the demo data into DATA_DIR (PGlite) or DATABASE_URL, without
 * starting the server. The server does the same on every start; this is for preparing a database.
 */
import { readEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { seedDemoData } from '../src/db/seed';

const env = readEnv();
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  const seeded = await seedDemoData(database.db);
  const where = env.databaseUrl ? 'DATABASE_URL' : env.dataDir;
  console.log(
    seeded ? `Seeded the demo data into ${where}.` : `${where} already holds the demo data.`,
  );
} finally {
  await database.close();
}
