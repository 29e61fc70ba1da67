import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PREVIEW_LIMIT_SECONDS } from 'shared-contracts';
import { MEDIA_ROOT } from '../../config/env';
import { createCachedFileReader } from '../../lib/cached-file';
import { PREVIEW_PLAYLIST, previewPlaylist, verifyMediaToken } from '../../lib/media-urls';
import thumbnailRoutes from './thumbnails';

const SAFE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

/** HLS segment types by extension (mime tables miss or mistake some: .m2ts, .ts, .m4s). */
const SEGMENT_TYPES: Record<string, string> = {
  '.m2ts': 'video/mp2t',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.aac': 'audio/aac',
};

/**
 * Media: avatars are public; everything else needs the signed token a share listing hands out for
 * one item, and serves only that item's files while the share is open and the item in it: its
 * thumbnail, its download (a long file's preview rendition), and for an HLS video its preview
 * playlist and the segments in it, whatever their type, and nothing else of its folder.
 */
export default async function mediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: MEDIA_ROOT,
    serve: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const type = SEGMENT_TYPES[path.extname(filePath)];
      if (type) reply.header('Content-Type', type);
    },
  });
  // Cut once per version of the playlist file: a replaced video is cut again.
  const readPreview = createCachedFileReader((full) => {
    const cut = previewPlaylist(full, PREVIEW_LIMIT_SECONDS);
    return { text: cut.text, segments: new Set(cut.segments) };
  });
  const preview = (folder: string) =>
    readPreview(path.join(MEDIA_ROOT, folder, 'index.m3u8')).catch(() => null);

  await app.register(thumbnailRoutes);

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
      const refuse = () =>
        reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send('This media link is invalid or expired.');
      const issued = verifyMediaToken(app.secrets.key('media-url'), request.params.token);
      const media = issued && (await app.shares.mediaOf(issued.shareId, issued.itemId));
      if (!media) return refuse();
      reply.header('Cache-Control', 'private, max-age=600');
      const { hlsFolder } = media;
      if (!hlsFolder) return media.files.has(file) ? reply.sendFile(file) : refuse();
      const playlist = await preview(hlsFolder);
      if (!playlist) return reply.callNotFound();
      if (file === `${hlsFolder}${PREVIEW_PLAYLIST}`) {
        return reply.type('application/vnd.apple.mpegurl').send(playlist.text);
      }
      if (media.files.has(file)) return reply.sendFile(file);
      // The preview's segments only: past the cut, the full playlist, anything beside them.
      const segment = file.startsWith(hlsFolder) ? file.slice(hlsFolder.length) : '';
      if (!playlist.segments.has(segment)) return refuse();
      return reply.sendFile(file);
    },
  );
}
