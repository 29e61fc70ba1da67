import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { success } from '../../../lib/api-error';
import { linkPreviewAgentOf } from '../../../link-preview/crawlers';
import { safeEqual } from '../../../lib/signing';
import { schemaOf } from '../../../schemas/route-schemas';
import { tokenOf, type ApiRoute } from '../types';

export function eventSign(content: string, eventName: string, key: string): string {
  return createHash('md5')
    .update(content + eventName + key)
    .digest('hex');
}

export default async function eventRoutes(app: FastifyInstance): Promise<void> {
  app.post<ApiRoute<'/event/report'>>(
    '/event/report',
    { schema: schemaOf('/event/report') },
    async (request) => {
      const { event_name, content, sign } = request.body;
      // A bad signature is dropped silently: the caller learns nothing from the answer. A
      // link-preview agent that runs the page's scripts is no visitor: its events are not kept.
      const signed = safeEqual(
        sign.toLowerCase(),
        eventSign(content, event_name, app.env.eventSignKey),
      );
      if (signed && !linkPreviewAgentOf(request.headers['user-agent'])) {
        const user = await app.sessions.userOf(tokenOf(request));
        await app.events.record({ eventName: event_name, content, userId: user?.id ?? null });
      }
      return success(null);
    },
  );
}
