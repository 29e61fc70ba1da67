import { buildApp } from './app';
import { readEnv } from './config/env';
import { DEMO_EXTRACT_CODE, DEMO_SHARE_CODES } from './db/seed';

const env = readEnv();
const app = await buildApp(env);

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
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : env.port;
const origin = env.publicOrigin ?? `http://localhost:${port}`;
const storage = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${env.dataDir}`;
console.log(`\n${env.productName} is running at ${origin}  (database: ${storage})`);
console.log('Demo shares:');
for (const code of DEMO_SHARE_CODES) {
  const note = code === 'demo-private' ? `  (extract code ${DEMO_EXTRACT_CODE})` : '';
  console.log(`  ${origin}/s/${code}${note}`);
}
console.log(`Runtime config: ${origin}/config.json   Invite page: ${origin}/invite\n`);
