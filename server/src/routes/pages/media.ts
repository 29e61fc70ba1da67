import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PREVIEW_LIMIT_SECONDS } from 'shared-contracts';
import { MEDIA_ROOT } from '../../config/env';
import { createCachedFileReader } from '../../lib/cached-file';
import { PREVIEW_PLAYLIST, previewPlaylist, verifyMediaToken } from '../../lib/media-urls';

const SAFE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/**
 * Media: avatars are public; everything else needs the signed token a share listing hands out,
 * and is served only while that share is open. An HLS video is served only as its preview
 * playlist, and only the segments in it; a long progressive file only as its preview rendition
 * (the listing signs nothing else).
 */
export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: MEDIA_ROOT,
    serve: false,
    cacheControl: false,
    // MPEG-TS segments are named .m2ts, which mime tables do not know.
    setHeaders: (reply, filePath) => {
      if (filePath.endsWith('.m2ts')) reply.header('Content-Type', 'video/mp2t');
    },
  });
  // Cut once per version of the playlist file: a replaced video is cut again.
  const readPreview = createCachedFileReader((full) => {
    const cut = previewPlaylist(full, PREVIEW_LIMIT_SECONDS);
    return { text: cut.text, segments: new Set(cut.segments) };
  });
  const preview = (folder: string) => readPreview(path.join(MEDIA_ROOT, folder, 'index.m3u8'));

  app.get<{ Params: { name: string } }>('/media/avatars/:name', async (request, reply) => {
    if (!/^[a-z0-9-]+\.svg$/.test(request.params.name)) return reply.callNotFound();
    reply.header('Cache-Control', 'public, max-age=86400');
    return reply.sendFile(`avatars/${request.params.name}`);
  });

  app.get<{ Params: { token: string; '*': string } }>(
    '/media/t/:token/*',
    async (request, reply) => {
      const file = request.params['*'];
      if (!SAFE_PATH.test(file) || file.split('/').includes('..')) return reply.callNotFound();
      const shareId = verifyMediaToken(app.secrets.key('media-url'), request.params.token, file);
      if (shareId === null || !(await app.services.shares.isOpen(shareId))) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send('This media link is invalid or expired.');
      }
      reply.header('Cache-Control', 'private, max-age=600');
      const folder = path.posix.dirname(file);
      const name = path.posix.basename(file);
      const isHls = name === PREVIEW_PLAYLIST || name === 'index.m3u8' || name.endsWith('.m2ts');
      if (isHls) {
        let playlist;
        try {
          playlist = await preview(folder);
        } catch {
          return reply.callNotFound();
        }
        if (name === PREVIEW_PLAYLIST) {
          return reply.type('application/vnd.apple.mpegurl').send(playlist.text);
        }
        // Past the preview limit (and the full playlist) is not served.
        if (!playlist.segments.has(name)) return reply.callNotFound();
        reply.type('video/mp2t');
      }
      return reply.sendFile(file);
    },
  );
}
