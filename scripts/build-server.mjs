// Compiles the server for production: one ES module, server/dist/server.mjs, that plain Node runs
// (no TypeScript at start-up). The packages it uses stay in node_modules; the workspaces it
// imports (shared-contracts, TypeScript sources) are compiled into it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { WORKSPACES } from './workspaces.mjs';

export const SERVER_ENTRY = 'server/dist/server.mjs';

/** The packages that are workspaces of this repository (compiled in, not loaded at run time). */
function workspacePackages(root) {
  return new Set(
    WORKSPACES.map(
      ({ folder }) =>
        JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')).name,
    ),
  );
}

export async function buildServer(root) {
  const workspaces = workspacePackages(root);
  await build({
    absWorkingDir: root,
    entryPoints: ['server/src/server.ts'],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: 'server/tsconfig.json',
    // Readable stack traces in the log (node --enable-source-maps).
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-stay-in-node-modules',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, ({ path: specifier }) => {
            const name = specifier.startsWith('@')
              ? specifier.split('/').slice(0, 2).join('/')
              : specifier.split('/')[0];
            return workspaces.has(name) ? undefined : { path: specifier, external: true };
          });
        },
      },
    ],
  });
}
