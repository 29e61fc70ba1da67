import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { FieldBeacon, FieldError } from 'shared-contracts/page';
import { FieldBeaconSchema, FieldErrorSchema } from 'shared-contracts/schemas';
import { perRemote, REMOTES } from '../config/workspaces';
import { BeaconAllowance, RecentNetworks } from './client-networks';
import type { KnownReleases } from './known-releases';

/** The values of one of the schema's unions of string literals. */
const valuesOf = <Value extends string>(union: { anyOf: readonly { const: Value }[] }) =>
  union.anyOf.map((literal) => literal.const);

/** What the vitals are cut by: the schema's page kinds and platforms, never what a client names. */
const PAGES = valuesOf(FieldBeaconSchema.properties.page);
const PLATFORMS = valuesOf(FieldBeaconSchema.properties.platform);
const PAGE_PLATFORMS = PAGES.flatMap((page) => PLATFORMS.map((platform) => ({ page, platform })));
/** The `remote` of visits and errors: the shell and each remote. */
const SOURCES = valuesOf(FieldErrorSchema.properties.source);
const ERROR_KINDS = valuesOf(FieldErrorSchema.properties.kind);

type Source = FieldError['source'];
type VitalName = keyof FieldBeacon['vitals'];

/** The `version` of a release the server does not know, or of a remote the visit did not load. */
const UNKNOWN_VERSION = 'unknown';

/**
 * The most series the field data puts into /metrics, whatever beacons say. By page and platform
 * (6 x 4 = 24): the vitals' histograms, 13 + 12 + 12 + 12 + 10 = 59 series (their buckets with
 * +Inf, _sum and _count), and the networks gauge: 24 x 60 = 1,440. By remote and version: the
 * shell's build and 'unknown', and each remote's stable, canary and 'unknown' (2 + 3 x 3 = 11
 * with three remotes), each with a visits counter, 4 error counters (one per kind) and the INP
 * histogram (12): 11 x 17 = 187. 1,440 + 187 = 1,627 with three remotes.
 */
export const FIELD_SERIES_MAX = 24 * 60 + (2 + 3 * REMOTES.length) * 17;

/**
 * Their bytes in /metrics at most, HELP and TYPE lines included: about 161,500 with every release
 * at its longest (32 characters, RELEASE_PATTERN) and every value too (24 characters, the longest
 * a number prints); the series' lines are about 97 bytes on average.
 */
export const FIELD_EXPOSITION_BYTES_MAX = 165_000;

/**
 * Buckets around each metric's "good" and "poor" thresholds (web.dev): LCP 2.5 / 4 s, INP 200 /
 * 500 ms, CLS 0.1 / 0.25, FCP 1.8 / 3 s, TTFB 0.8 / 1.8 s, so p75 lands between close edges.
 * A beacon's times are milliseconds, the histograms' `seconds`.
 */
const VITALS: Record<
  VitalName,
  { name: string; help: string; buckets: number[]; seconds: boolean }
> = {
  lcp: {
    name: 'nimbus_field_lcp_seconds',
    help: 'Largest Contentful Paint of real visits by page and platform',
    buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10, 20],
    seconds: true,
  },
  fcp: {
    name: 'nimbus_field_fcp_seconds',
    help: 'First Contentful Paint of real visits by page and platform',
    buckets: [0.3, 0.6, 1, 1.4, 1.8, 2.4, 3, 5, 10],
    seconds: true,
  },
  ttfb: {
    name: 'nimbus_field_ttfb_seconds',
    help: 'Time to First Byte of real visits by page and platform',
    buckets: [0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 3, 6],
    seconds: true,
  },
  inp: {
    name: 'nimbus_field_inp_seconds',
    help: 'Interaction to Next Paint of real visits by page and platform',
    buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8, 1.5, 3],
    seconds: true,
  },
  cls: {
    name: 'nimbus_field_cls',
    help: 'Cumulative Layout Shift of real visits by page and platform (unitless)',
    buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
    seconds: false,
  },
};
const VITAL_NAMES = Object.keys(VITALS) as VitalName[];

/**
 * The field data's metrics, every series declared up front (at zero, so `rate()` sees a series'
 * first visit) and bounded by construction (`FIELD_SERIES_MAX`): the Core Web Vitals by page and
 * platform; visits, errors and INP by remote and the releases the server knows; the distinct
 * client networks behind each page and platform. One network weighs at most
 * `BEACONS_PER_NETWORK` beacons per ten minutes.
 */
export class FieldMetrics {
  private readonly vitals: Record<VitalName, Histogram<'page' | 'platform'>>;
  private readonly releaseInp: Histogram<'remote' | 'version'>;
  private readonly visits: Counter<'remote' | 'version'>;
  private readonly errors: Counter<'remote' | 'version' | 'kind'>;
  private readonly allowance = new BeaconAllowance();
  private readonly recentNetworks = new RecentNetworks();
  /** The versions each source has series of: 'unknown' and the releases known last. */
  private readonly versions = new Map<Source, Set<string>>(
    SOURCES.map((source) => [source, new Set()]),
  );

  constructor(registry: Registry) {
    const vital = (vitalName: VitalName) => {
      const { name, help, buckets } = VITALS[vitalName];
      const histogram = new Histogram({
        name,
        help,
        buckets,
        labelNames: ['page', 'platform'],
        registers: [registry],
      });
      for (const labels of PAGE_PLATFORMS) histogram.zero(labels);
      return histogram;
    };
    this.vitals = {
      lcp: vital('lcp'),
      fcp: vital('fcp'),
      ttfb: vital('ttfb'),
      inp: vital('inp'),
      cls: vital('cls'),
    };
    const recentNetworks = this.recentNetworks;
    new Gauge({
      name: 'nimbus_field_networks',
      help: 'Distinct client networks observed in the last 10 minutes (up to 100)',
      labelNames: ['page', 'platform'],
      registers: [registry],
      collect() {
        for (const labels of PAGE_PLATFORMS) this.set(labels, recentNetworks.count(keyOf(labels)));
      },
    });
    this.releaseInp = new Histogram({
      name: 'nimbus_field_release_inp_seconds',
      help: 'Interaction to Next Paint of real visits by remote and release (shell: build)',
      labelNames: ['remote', 'version'],
      buckets: VITALS.inp.buckets,
      registers: [registry],
    });
    this.visits = new Counter({
      name: 'nimbus_frontend_visits_total',
      help: 'Visits that loaded (or tried) a remote, by remote and release (shell: build)',
      labelNames: ['remote', 'version'],
      registers: [registry],
    });
    this.errors = new Counter({
      name: 'nimbus_frontend_errors_total',
      help: 'Front-end errors by remote, release and kind (uncaught, rejection, load, render)',
      labelNames: ['remote', 'version', 'kind'],
      registers: [registry],
    });
    this.useReleases({ shell: new Set(), ...perRemote(() => new Set()) });
  }

  /**
   * Declares at zero the series of the releases newly known and removes those of releases no
   * longer known, so /metrics never holds more than the releases known now.
   */
  useReleases(known: KnownReleases): void {
    for (const [remote, declared] of this.versions) {
      const wanted = new Set([UNKNOWN_VERSION, ...known[remote]]);
      for (const version of declared) {
        if (wanted.has(version)) continue;
        declared.delete(version);
        this.visits.remove({ remote, version });
        this.releaseInp.remove({ remote, version });
        for (const kind of ERROR_KINDS) this.errors.remove({ remote, version, kind });
      }
      for (const version of wanted) {
        if (declared.has(version)) continue;
        declared.add(version);
        this.visits.inc({ remote, version }, 0);
        this.releaseInp.zero({ remote, version });
        for (const kind of ERROR_KINDS) this.errors.inc({ remote, version, kind }, 0);
      }
    }
  }

  /**
   * Observes a beacon of the client network `network` under the releases known now. Only a visit
   * of this site (its shell build and remote releases the ones the server hands out, where it
   * knows them) is observed, and only while its network has had fewer than
   * `BEACONS_PER_NETWORK` of the last ten minutes; anything else (a page left open across a
   * release, or a stranger's invention) is one visit of the shell's 'unknown' and no more.
   * Whether it was observed.
   */
  record(beacon: FieldBeacon, network: string, known: KnownReleases): boolean {
    this.useReleases(known);
    const versionOf = (source: Source) => {
      const release =
        source === 'shell'
          ? beacon.shell
          : beacon.remotes.find((loaded) => loaded.name === source)?.release;
      const declared = this.versions.get(source);
      return release !== undefined && declared?.has(release) ? release : UNKNOWN_VERSION;
    };
    const sources = ['shell' as const, ...beacon.remotes.map((loaded) => loaded.name)];
    const ofThisSite = sources.every(
      (source) => known[source].size === 0 || versionOf(source) !== UNKNOWN_VERSION,
    );
    if (!ofThisSite) {
      this.visits.inc({ remote: 'shell', version: UNKNOWN_VERSION });
      return false;
    }
    if (!this.allowance.admit(network)) return false;
    const { inp } = beacon.vitals;
    for (const remote of sources) {
      const labels = { remote, version: versionOf(remote) };
      this.visits.inc(labels);
      if (inp !== undefined) this.releaseInp.observe(labels, inp / 1000);
    }
    const key = { page: beacon.page, platform: beacon.platform };
    this.recentNetworks.add(keyOf(key), network);
    for (const vital of VITAL_NAMES) {
      const value = beacon.vitals[vital];
      if (value === undefined) continue;
      this.vitals[vital].observe(key, VITALS[vital].seconds ? value / 1000 : value);
    }
    for (const error of beacon.errors) {
      this.errors.inc({ remote: error.source, version: versionOf(error.source), kind: error.kind });
    }
    return true;
  }
}

function keyOf({ page, platform }: { page: string; platform: string }): string {
  return `${page}/${platform}`;
}
