import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { shareReports } from '../../db/schema';

export interface ShareReport {
  shareId: number;
  /** Who reported, when signed in: reporting needs no login. */
  reporterUserId: number | null;
  content: string;
  clientAddress: string;
}

/** Reports of shares, kept for moderators (RETENTION.reportsDays). */
export class ReportService {
  constructor(private readonly db: Database) {}

  async create(report: ShareReport): Promise<{ id: number }> {
    const [row] = await this.db
      .insert(shareReports)
      .values(report)
      .returning({ id: shareReports.id });
    if (!row) throw new Error('report insert failed');
    return row;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    reports: ReportService;
  }
}

export default fp(
  async (app) => {
    app.decorate('reports', new ReportService(app.db));
  },
  { name: 'reports', dependencies: ['database'] },
);
