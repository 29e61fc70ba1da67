import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { canaryVisits } from '../db/schema';
import type { ReleaseArm } from './canary-verdict';

/**
 * Both releases' visits of a canary, from every instance's beacons, in one query: stable's over
 * the whole canary (its baseline, which a canary at 100 % gets no more of), the canary's since it
 * reached its current step (`steppedAt`), so each step is judged on its own visits.
 */
export async function canaryArms(
  db: Database,
  releaseId: number,
  steppedAt: Date,
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
    .where(
      and(
        eq(canaryVisits.releaseId, releaseId),
        or(eq(canaryVisits.canary, false), gte(canaryVisits.createdAt, steppedAt)),
      ),
    )
    .groupBy(canaryVisits.canary);
  const arm = (canary: boolean): ReleaseArm => {
    const row = rows.find((candidate) => candidate.canary === canary);
    return row
      ? { visits: row.visits, errored: row.errored, inpSamples: row.inpSamples, inpP75: row.inpP75 }
      : { visits: 0, errored: 0, inpSamples: 0, inpP75: null };
  };
  return { stable: arm(false), canary: arm(true) };
}
