import { isIP } from 'node:net';
import { ConfigError } from './env-values';

/**
 * Which proxies may tell the client's address in `X-Forwarded-For`: none, the last N hops, or
 * the listed addresses and networks. Never "any header from anyone".
 */
export type TrustProxy = false | number | string[];

/** `TRUST_PROXY`: a hop count (`1` for one proxy in front) or addresses and CIDR networks. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === '' || value === '0') return false;
  if (/^[1-9]$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    const [address, bits, extra] = entry.split('/');
    if (extra !== undefined || !address || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
  });
  if (entries.length === 0 || !valid) {
    throw new ConfigError(
      `TRUST_PROXY must be a hop count (1-9) or a comma-separated list of proxy addresses or networks (10.0.0.0/8); it is "${value}"`,
    );
  }
  return entries;
}

/** An address only this machine can reach: a server listening there is not reached by clients. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * In production a hop count trusts the last X-Forwarded-For entry of whoever connects: anyone who
 * reaches the server directly (around the proxy) could name any address. It is taken only when
 * the server listens on loopback, where only a proxy on the same machine can reach it; otherwise
 * the proxies must be named by address.
 */
export function checkTrustProxyReach(
  trustProxy: TrustProxy,
  host: string,
  production: boolean,
): void {
  if (!production || typeof trustProxy !== 'number' || isLoopbackHost(host)) return;
  throw new ConfigError(
    `TRUST_PROXY=${trustProxy} (a hop count) believes a forged X-Forwarded-For from anyone who reaches this server directly on ${host}: in production name the proxies (TRUST_PROXY=10.0.0.5 or a network such as 10.0.0.0/8), or listen on loopback only (HOST=127.0.0.1) behind a proxy on this machine`,
  );
}
