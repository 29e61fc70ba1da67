import { Counter, Histogram, type Registry } from 'prom-client';
import type { FieldBeacon, RemoteName } from 'shared-contracts';

const REMOTES: RemoteName[] = ['share', 'payments', 'invite'];
const VITAL_LABELS = ['page', 'platform', 'connection', 'shell', ...REMOTES] as const;
type VitalLabel = (typeof VITAL_LABELS)[number];

/** Distinct releases (or shell builds) a label takes per process before the rest read 'other'. */
export const RELEASES_PER_LABEL = 20;

/**
 * Buckets around each metric's "good" and "poor" thresholds (web.dev): LCP 2.5 / 4 s, INP 200 /
 * 500 ms, CLS 0.1 / 0.25, FCP 1.8 / 3 s, TTFB 0.8 / 1.8 s, so p75 lands between close edges.
 */
const SECONDS_BUCKETS = {
  lcp: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20],
  fcp: [0.3, 0.6, 1, 1.4, 1.8, 2.4, 3, 5, 10],
  ttfb: [0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 3, 6],
  inp: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8, 1.5, 3],
};
const CLS_BUCKETS = [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

/**
 * The field data's metrics: one histogram per Core Web Vital by page kind, platform, connection,
 * shell build and each remote's release; visits and errors per remote release. Labels a client
 * names freely (releases, builds) are bounded: past `RELEASES_PER_LABEL` values, 'other'.
 */
export class FieldMetrics {
  private readonly vitals: Record<keyof typeof SECONDS_BUCKETS | 'cls', Histogram<VitalLabel>>;
  private readonly visits: Counter<'remote' | 'version'>;
  private readonly errors: Counter<'remote' | 'version' | 'kind'>;
  private readonly seen = new Map<string, Set<string>>();

  constructor(registry: Registry) {
    const histogram = (name: string, help: string, buckets: number[]) =>
      new Histogram({ name, help, labelNames: VITAL_LABELS, buckets, registers: [registry] });
    this.vitals = {
      lcp: histogram(
        'nimbus_field_lcp_seconds',
        'Largest Contentful Paint of real visits',
        SECONDS_BUCKETS.lcp,
      ),
      fcp: histogram(
        'nimbus_field_fcp_seconds',
        'First Contentful Paint of real visits',
        SECONDS_BUCKETS.fcp,
      ),
      ttfb: histogram(
        'nimbus_field_ttfb_seconds',
        'Time to First Byte of real visits',
        SECONDS_BUCKETS.ttfb,
      ),
      inp: histogram(
        'nimbus_field_inp_seconds',
        'Interaction to Next Paint of real visits',
        SECONDS_BUCKETS.inp,
      ),
      cls: histogram(
        'nimbus_field_cls',
        'Cumulative Layout Shift of real visits (unitless)',
        CLS_BUCKETS,
      ),
    };
    this.visits = new Counter({
      name: 'nimbus_frontend_visits_total',
      help: 'Visits that loaded (or tried) a remote, by remote and release (shell: by build)',
      labelNames: ['remote', 'version'],
      registers: [registry],
    });
    this.errors = new Counter({
      name: 'nimbus_frontend_errors_total',
      help: 'Front-end errors by remote, release and kind (uncaught, rejection, load, render)',
      labelNames: ['remote', 'version', 'kind'],
      registers: [registry],
    });
  }

  /** A label value as recorded: known releases always, others while the label has room. */
  private bounded(label: string, value: string, known: ReadonlySet<string>): string {
    if (known.has(value)) return value;
    let values = this.seen.get(label);
    if (!values) this.seen.set(label, (values = new Set()));
    if (values.has(value)) return value;
    if (values.size >= RELEASES_PER_LABEL) return 'other';
    values.add(value);
    return value;
  }

  record(beacon: FieldBeacon, knownReleases: ReadonlySet<string>): void {
    const shell = this.bounded('shell', beacon.shell, knownReleases);
    const releaseOf = (remote: RemoteName | 'shell') => {
      if (remote === 'shell') return shell;
      const loaded = beacon.remotes.find((candidate) => candidate.name === remote);
      return loaded ? this.bounded(remote, loaded.release, knownReleases) : 'none';
    };
    const labels = {
      page: beacon.page,
      platform: beacon.platform,
      connection: beacon.connection,
      shell,
      share: releaseOf('share'),
      payments: releaseOf('payments'),
      invite: releaseOf('invite'),
    };
    const { lcp, fcp, ttfb, inp, cls } = beacon.vitals;
    if (lcp !== undefined) this.vitals.lcp.observe(labels, lcp / 1000);
    if (fcp !== undefined) this.vitals.fcp.observe(labels, fcp / 1000);
    if (ttfb !== undefined) this.vitals.ttfb.observe(labels, ttfb / 1000);
    if (inp !== undefined) this.vitals.inp.observe(labels, inp / 1000);
    if (cls !== undefined) this.vitals.cls.observe(labels, cls);
    this.visits.inc({ remote: 'shell', version: shell });
    for (const remote of beacon.remotes) {
      this.visits.inc({ remote: remote.name, version: releaseOf(remote.name) });
    }
    for (const error of beacon.errors) {
      this.errors.inc({ remote: error.source, version: releaseOf(error.source), kind: error.kind });
    }
  }
}
