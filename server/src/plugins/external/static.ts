import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { HOST, REMOTES } from '../../config/workspaces';

/** The folder (under STATIC_ROOT) that releases are built into: `releases/{remote}/{release}/`. */
export const RELEASES_DIR = 'releases';

/** The shell's build (under STATIC_ROOT), served at the site's root. */
export const SHELL_DIST = `${HOST.folder}/dist`;

/** Where each built app is served from (workspaces.json): the host's root last. */
export const STATIC_MOUNTS: readonly { dist: string; prefix: string }[] = [
  ...REMOTES.map(({ folder, staticPath }) => ({ dist: `${folder}/dist`, prefix: staticPath })),
  // Releases of a remote started as canaries (`npm run release -w remote-payments`).
  { dist: RELEASES_DIR, prefix: '/releases/' },
  { dist: SHELL_DIST, prefix: HOST.staticPath },
];

/**
 * The file on disk behind a path under a remote's or a release's folder (not the shell's root);
 * null for any other path. Throws for a path that leaves its folder (`..`, also encoded).
 */
export function staticFileOf(staticRoot: string, pathname: string): string | null {
  const mount = STATIC_MOUNTS.find(
    (candidate) => candidate.prefix !== '/' && pathname.startsWith(candidate.prefix),
  );
  if (!mount) return null;
  const relative = path.normalize(decodeURIComponent(pathname.slice(mount.prefix.length)));
  if (relative.startsWith('..')) throw new Error(`${pathname} leaves its folder`);
  return path.join(staticRoot, mount.dist, relative);
}

/**
 * Content-hashed names (`main.baee5c39.js`, with its `.map` or the build's `.br` beside it) never
 * change; everything else is revalidated.
 */
const HASHED_NAME = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.map|\.br)?$/i;

export function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath);
  const hashed = HASHED_NAME.test(name) && !name.endsWith('.html');
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * The built shell at `/` and each remote under `/remotes/<name>/`. A missing dist folder is
 * skipped with a hint; unknown files fall through to the not-found handler, which renders the
 * shell's page for page routes.
 */
export default fp(
  async (app) => {
    const { env } = app;
    // Source maps show the whole source: off in production unless ENABLE_SOURCE_MAPS=1.
    const allowedPath = env.sourceMaps
      ? undefined
      : (pathName: string) => !/\.map$/i.test(pathName);
    try {
      // Served from the start, so a release built later needs no restart.
      mkdirSync(path.join(env.staticRoot, RELEASES_DIR), { recursive: true });
    } catch (error) {
      app.log.warn({ err: error }, `no ${RELEASES_DIR}/ folder: releases are not served`);
    }
    for (const mount of STATIC_MOUNTS) {
      const root = path.join(env.staticRoot, mount.dist);
      if (!existsSync(root)) {
        app.log.warn(
          `${root} does not exist: run \`npm run build\` (then restart) to serve ${mount.prefix}`,
        );
        continue;
      }
      await app.register(fastifyStatic, {
        root,
        prefix: mount.prefix,
        decorateReply: false,
        wildcard: true,
        index: false,
        redirect: false,
        cacheControl: false,
        etag: true,
        // The build writes `file.br` beside each script (webpack/index.js, PRECOMPRESS_BROTLI).
        preCompressed: true,
        lastModified: true,
        setHeaders: setCacheHeaders,
        ...(allowedPath ? { allowedPath } : {}),
      });
    }
  },
  { name: 'static', dependencies: ['config'] },
);
