/**
 * How much one client network (an IPv4 address, an IPv6 /64: `clientNetworkOf`) weighs in the
 * field data, in bounded memory: a few beacons per window each, and how many distinct networks
 * the figures of a page and platform come from.
 */

/** The window both count in. */
export const NETWORK_WINDOW_MS = 10 * 60_000;

/**
 * Beacons of one network observed per window. A visitor sends one beacon per page visit, so six
 * in ten minutes is a busy reader (or a household behind one address); a network sending more is
 * no more visitors, only louder.
 */
export const BEACONS_PER_NETWORK = 6;

/**
 * Networks `BeaconAllowance` remembers: each is its address (at most 24 characters) and at most
 * `BEACONS_PER_NETWORK` times, about 320 bytes of heap with the Map's entry (measured), so at
 * most about 3.2 MB. Past it the network observed least recently is forgotten (and has a new
 * allowance): only a stranger with more networks than this in ten minutes gets more, and they
 * have that weight anyway.
 */
export const NETWORKS_TRACKED_MAX = 10_000;

/**
 * Distinct networks counted per page and platform: an alert asks for 20, a dashboard sees "100
 * or more"; 24 keys of at most 100 networks (about 170 bytes each) is at most about 400 KB.
 */
export const NETWORKS_COUNTED_MAX = 100;

/** Deletes a Map's first entries while `expired` says so: the Maps below keep the oldest first. */
function forgetExpired<Value>(entries: Map<string, Value>, expired: (value: Value) => boolean) {
  for (const [key, value] of entries) {
    if (!expired(value)) return;
    entries.delete(key);
  }
}

/** Moves `key` to the end of `entries` (the most recent), forgetting the oldest past `max`. */
function setNewest<Value>(entries: Map<string, Value>, key: string, value: Value, max: number) {
  entries.delete(key);
  entries.set(key, value);
  if (entries.size > max) {
    const [oldest] = entries.keys();
    if (oldest !== undefined) entries.delete(oldest);
  }
}

/** At most `BEACONS_PER_NETWORK` beacons of each client network per `NETWORK_WINDOW_MS`. */
export class BeaconAllowance {
  /** Each network's observation times in the window; the network observed least recently first. */
  private readonly observed = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether a beacon of `network` may be observed now; when it may, it is counted. */
  admit(network: string): boolean {
    const now = this.now();
    const since = now - NETWORK_WINDOW_MS;
    forgetExpired(this.observed, (times) => (times.at(-1) ?? 0) <= since);
    const times = (this.observed.get(network) ?? []).filter((time) => time > since);
    if (times.length >= BEACONS_PER_NETWORK) return false;
    times.push(now);
    setNewest(this.observed, network, times, NETWORKS_TRACKED_MAX);
    return true;
  }

  /** Networks remembered now. */
  get size(): number {
    return this.observed.size;
  }
}

/** The distinct networks observed per key (a page and platform) in the last `NETWORK_WINDOW_MS`. */
export class RecentNetworks {
  /** Per key, each network's last observation; the network observed least recently first. */
  private readonly byKey = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  add(key: string, network: string): void {
    let networks = this.byKey.get(key);
    if (!networks) this.byKey.set(key, (networks = new Map()));
    setNewest(networks, network, this.now(), NETWORKS_COUNTED_MAX);
  }

  /** Distinct networks of `key` in the window, up to `NETWORKS_COUNTED_MAX`. */
  count(key: string): number {
    const networks = this.byKey.get(key);
    if (!networks) return 0;
    const since = this.now() - NETWORK_WINDOW_MS;
    forgetExpired(networks, (seen) => seen <= since);
    return networks.size;
  }
}
