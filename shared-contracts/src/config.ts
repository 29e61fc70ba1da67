/** Runtime configuration: served with the page, never baked into a build. */
import type { RemoteName } from './remotes';

export interface RemoteLocation {
  /** The federation name the remote was built with. */
  name: string;
  /** Where its `mf-manifest.json` is; may be on another origin. */
  manifestUrl: string;
  /** The release at `manifestUrl`, when the server knows it (a release it started). */
  release?: string;
  /** A release some visitors get instead (README, "Operating it"); absent without one. */
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

/** How the shell measures what visitors experience (field data). */
export interface FieldDataConfig {
  /** The share of visits (0-1) that measure and send a beacon. */
  sampleRate: number;
}

/** The reference server's own provider pages (development and demos). */
export interface DevelopmentIdentityConfig {
  provider: 'development';
  /** The origin the popup's result must come from. */
  origin: string;
  /** The provider's popup page. */
  signInUrl: string;
}

/** Firebase Authentication, the hosted identity service: its public web configuration. */
export interface FirebaseIdentityConfig {
  provider: 'firebase';
  apiKey: string;
  authDomain: string;
  projectId: string;
  /** The Firebase Auth Emulator (`http://127.0.0.1:9099`): development and tests only. */
  emulatorUrl?: string;
}

export type IdentityConfig = DevelopmentIdentityConfig | FirebaseIdentityConfig;

export interface RuntimeConfig {
  productName: string;
  /** Base URL of the API, e.g. `/api`. */
  apiBaseUrl: string;
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
  identity: IdentityConfig;
  /** The fixed value signed into every event report (spec section 7); not a secret. */
  eventSignKey: string;
  /** The community provider's name in invite paths. */
  community: string;
  /** Origins the invite page may navigate to for community authorization. */
  inviteAuthOrigins: string[];
  /** Use the simulated app bridge (development and tests only). */
  simulatedBridge: boolean;
  /** Field data; absent: the page sends none (a development server's page). */
  fieldData?: FieldDataConfig;
}

/** The id of the script element of type application/json that carries the config in the page. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
