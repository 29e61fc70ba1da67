import type { RuntimeConfig } from 'shared-contracts/page';
import { COMMUNITY, REMOTE_FEDERATION_NAMES } from 'shared-contracts';
import { createCachedFileReader } from '../lib/cached-file';
import type { ServerEnv } from './env';
import { perRemote } from './workspaces';

type JsonObject = { [key: string]: unknown };

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; anything else in the override replaces the base value. */
export function deepMerge<T>(base: T, override: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(override)) return (override ?? base) as T;
  const merged: JsonObject = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = key in merged ? deepMerge(merged[key], value) : value;
  }
  return merged as T;
}

export function baseRuntimeConfig(env: ServerEnv): RuntimeConfig {
  const { firebase } = env;
  const siteOrigin = env.publicOrigin;
  return {
    productName: env.productName,
    apiBaseUrl: '/api',
    // Each remote's build as this server serves it (plugins/external/static.ts).
    remotes: perRemote(({ name, staticPath }) => ({
      name: REMOTE_FEDERATION_NAMES[name],
      manifestUrl: `${staticPath}mf-manifest.json`,
    })),
    app: {
      scheme: 'nimbus',
      androidStoreUrl: 'https://play.google.com/store/apps/details?id=com.example.nimbus',
      iosStoreUrl: 'https://apps.apple.com/app/id0000000000',
    },
    links: {
      userAgreement: 'https://example.com/nimbus/user-agreement',
      privacyPolicy: 'https://example.com/nimbus/privacy-policy',
      autoRenewalAndroid: 'https://example.com/nimbus/auto-renewal-android',
      autoRenewalOther: 'https://example.com/nimbus/auto-renewal',
    },
    identity: firebase
      ? {
          provider: 'firebase',
          apiKey: firebase.apiKey,
          authDomain: firebase.authDomain,
          projectId: firebase.projectId,
          ...(firebase.emulatorHost ? { emulatorUrl: `http://${firebase.emulatorHost}` } : {}),
        }
      : { provider: 'development', origin: siteOrigin, signInUrl: '/idp/authorize' },
    eventSignKey: env.eventSignKey,
    community: COMMUNITY,
    inviteAuthOrigins: [siteOrigin],
    simulatedBridge: env.simulatedBridge,
    fieldData: { sampleRate: env.fieldSampleRate },
  };
}

/**
 * What the server's releases (server/src/releases/) make of the remotes: a promoted release as a
 * remote's stable one, a running canary beside it. Read again from the database every second in
 * the background (not on a request), so a canary started, promoted or rolled back by any instance
 * is in every page soon, and a stalled database holds no page up.
 */
export interface ReleaseOverlay {
  /** Changes whenever what `applyTo` does changes. */
  readonly generation: number;
  applyTo(config: RuntimeConfig): RuntimeConfig;
}

/**
 * The runtime config of a request: the base values, with RUNTIME_CONFIG_FILE deep-merged over
 * them. The file is re-read whenever its mtime changes, so a new remote can be pointed at with
 * no restart.
 */
export class RuntimeConfigSource {
  private override: unknown = undefined;
  /** The configuration made from the current override: one object until the override changes. */
  private made: { override: unknown; releases: number; config: RuntimeConfig } | null = null;
  private releases: ReleaseOverlay | null = null;
  private readonly readOverride = createCachedFileReader((text): JsonObject | undefined => {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? parsed : undefined;
  });

  constructor(
    private readonly env: ServerEnv,
    private readonly log: { warn(message: string): void },
  ) {}

  /** Changes whenever the override file has been read anew or the releases changed. */
  get generation(): string {
    return `${this.readOverride.generation}.${this.releases?.generation ?? 0}`;
  }

  /** The releases the server runs (set once the database is open). */
  useReleases(releases: ReleaseOverlay): void {
    this.releases = releases;
    this.made = null;
  }

  /** The configuration now (read-only: the same object is handed to every caller). */
  async current(): Promise<RuntimeConfig> {
    await this.refreshOverride();
    const releases = this.releases?.generation ?? 0;
    if (this.made?.override !== this.override || this.made?.releases !== releases) {
      this.made = null;
    }
    if (!this.made) {
      const base = baseRuntimeConfig(this.env);
      const configured = this.override === undefined ? base : deepMerge(base, this.override);
      const config = this.releases ? this.releases.applyTo(configured) : configured;
      this.made = { override: this.override, releases, config };
    }
    return this.made.config;
  }

  private async refreshOverride(): Promise<void> {
    const file = this.env.runtimeConfigFile;
    if (!file) return;
    try {
      this.override = await this.readOverride(file);
    } catch (error) {
      // Keep the last good override: a half-written file must not break the pages.
      this.log.warn(`RUNTIME_CONFIG_FILE ${file} could not be read: ${String(error)}`);
    }
  }
}

/** Origins (scheme://host[:port]) of absolute remote manifest URLs, for the CSP. */
export function remoteOrigins(config: RuntimeConfig): string[] {
  const origins = new Set<string>();
  const manifests = Object.values(config.remotes).flatMap((remote) =>
    remote.canary ? [remote.manifestUrl, remote.canary.manifestUrl] : [remote.manifestUrl],
  );
  for (const manifestUrl of manifests) {
    try {
      origins.add(new URL(manifestUrl).origin);
    } catch {
      // A relative URL is on this site: covered by 'self'.
    }
  }
  return [...origins];
}

/** Origins the page's sign-in talks to, by CSP directive (none for the development provider). */
export interface IdentityOrigins {
  script: string[];
  frame: string[];
  connect: string[];
}

/**
 * Firebase's popup sign-in: Google's iframe helper script, the auth domain's (or the emulator's)
 * hidden iframe, and the identity and token APIs (or the emulator).
 */
export function identityOrigins(config: RuntimeConfig): IdentityOrigins {
  const identity = config.identity;
  if (identity.provider !== 'firebase') return { script: [], frame: [], connect: [] };
  const emulator = identity.emulatorUrl ? [new URL(identity.emulatorUrl).origin] : [];
  return {
    script: ['https://apis.google.com'],
    frame: emulator.length > 0 ? emulator : [`https://${identity.authDomain}`],
    connect:
      emulator.length > 0
        ? emulator
        : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  };
}
