/**
 * The runtime configuration (served with the page, never baked into a build) as a remote reads it:
 * `HostServices.config` and a first screen's `config`. The page's whole configuration, with what
 * only the shell and the server use (the API's address, sign-in, field data), is `RuntimeConfig`
 * of `shared-contracts/page`.
 */
import type { RemoteName } from './remotes';

export interface RemoteLocation {
  /** The federation name the remote was built with. */
  name: string;
  /** Where its `mf-manifest.json` is; may be on another origin. */
  manifestUrl: string;
  /** The release at `manifestUrl`, when the server knows it (a release it started). */
  release?: string;
  /** A release some visitors get instead (docs/operations/releases.md); absent without one. */
  canary?: CanaryRelease;
}

/** A remote's canary: a new release for `percent` of the visitors, watched by the server. */
export interface CanaryRelease {
  /** The server's id of this canary: beacons name it, so its verdict counts its visits only. */
  id: number;
  manifestUrl: string;
  release: string;
  /** Percent of visitors (0-100) who get it, by the random number their browser keeps. */
  percent: number;
}

/** What remotes read of the runtime configuration (the page's `RuntimeConfig` has the rest). */
export interface HostConfig {
  productName: string;
  remotes: Record<RemoteName, RemoteLocation>;
  app: {
    /** URL scheme of the mobile app, e.g. `nimbus`. */
    scheme: string;
    androidStoreUrl: string;
    iosStoreUrl: string;
  };
  links: {
    userAgreement: string;
    privacyPolicy: string;
    autoRenewalAndroid: string;
    autoRenewalOther: string;
  };
  /** Origins the invite page may navigate to for community authorization. */
  inviteAuthOrigins: string[];
}
