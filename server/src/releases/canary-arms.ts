import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { canaryVisits } from '../db/schema';
import type { ReleaseArm } from './canary-verdict';

/** Both releases' visits of a canary, from every instance's beacons: one query. */
export async function canaryArms(
  db: Database,
  releaseId: number,
): Promise<{ stable: ReleaseArm; canary: ReleaseArm }> {
  const rows = await db
    .select({
      canary: canaryVisits.canary,
      visits: sql<number>`count(*)::int`,
      errored: sql<number>`(count(*) filter (where ${canaryVisits.errored}))::int`,
      inpSamples: sql<number>`count(${canaryVisits.inpMs})::int`,
      inpP75: sql<
        number | null
      >`percentile_cont(0.75) within group (order by ${canaryVisits.inpMs})::float8`,
    })
    .from(canaryVisits)
    .where(eq(canaryVisits.releaseId, releaseId))
    .groupBy(canaryVisits.canary);
  const arm = (canary: boolean): ReleaseArm => {
    const row = rows.find((candidate) => candidate.canary === canary);
    return row
      ? { visits: row.visits, errored: row.errored, inpSamples: row.inpSamples, inpP75: row.inpP75 }
      : { visits: 0, errored: 0, inpSamples: 0, inpP75: null };
  };
  return { stable: arm(false), canary: arm(true) };
}
