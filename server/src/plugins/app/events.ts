import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { events } from '../../db/schema';

/** Analytics events the pages report, kept RETENTION.eventsDays. */
export class EventService {
  constructor(private readonly db: Database) {}

  async record(event: { eventName: string; content: string; userId: number | null }) {
    await this.db.insert(events).values(event);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventService;
  }
}

export default fp(
  async (app) => {
    app.decorate('events', new EventService(app.db));
  },
  { name: 'events', dependencies: ['database'] },
);
