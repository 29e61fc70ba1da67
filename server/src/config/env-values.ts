/** A setting that is missing or wrong: the server says which and does not start. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A yes/no setting: 1 or true, 0 or false; unset or empty is the fallback. */
export function flag(source: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = source[name];
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new ConfigError(`${name} must be 1 or 0 (it is "${value}")`);
}

export function required(source: NodeJS.ProcessEnv, name: string, reason: string): string {
  const value = source[name];
  if (!value) throw new ConfigError(`${name} is required ${reason}`);
  return value;
}

/** An http(s) origin, normalized (`https://example.com`, no path, no trailing slash). */
export function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an origin such as https://share.example.com`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname.length > 1) {
    throw new ConfigError(`${name} must be an http(s) origin without a path (it is "${value}")`);
  }
  return url.origin;
}

/** A number setting within [min, max]; unset or empty is the fallback. */
export function numberIn(
  source: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  [min, max]: [number, number],
): number {
  const value = source[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max} (it is "${value}")`);
  }
  return parsed;
}
