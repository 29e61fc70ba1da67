import { buildApp } from './app';
import { readEnv, type ServerEnv } from './config/env';
import { ConfigError } from './config/env-values';
import { DEMO_EXTRACT_CODE, DEMO_SHARE_CODES } from './db/seed-data/shares';

/** A setting that is missing or wrong (or a resource another process holds): say so and stop. */
function refuseToStart(error: unknown): never {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`The server cannot start: ${error.message}.\nSee docs/operations/deploying.md.`);
  process.exit(1);
}

let env: ServerEnv;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  env = readEnv();
  app = await buildApp(env);
} catch (error) {
  refuseToStart(error);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ port: env.port, host: env.host });
const origin = env.publicOrigin;
const storage = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`;
const mode = env.production ? 'production' : 'development';
console.log(`\n${env.productName} is running at ${origin}  (${mode}; database: ${storage})`);
if (env.demoData) {
  console.log('Demo shares:');
  for (const code of DEMO_SHARE_CODES) {
    const note = code === 'demo-private' ? `  (extract code ${DEMO_EXTRACT_CODE})` : '';
    console.log(`  ${origin}/s/${code}${note}`);
  }
}
console.log(`Runtime config: ${origin}/config.json   Invite page: ${origin}/invite\n`);
