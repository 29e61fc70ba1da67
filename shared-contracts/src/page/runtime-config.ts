/**
 * The runtime configuration as the server writes it into the page (and serves it as
 * `/config.json`): the part remotes read (`HostConfig`) and what only the shell uses.
 */
import type { HostConfig } from '../config';

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

/** The runtime configuration the page carries: what remotes read, and the page's plumbing. */
export interface RuntimeConfig extends HostConfig {
  /** Base URL of the API, e.g. `/api`. */
  apiBaseUrl: string;
  identity: IdentityConfig;
  /** The fixed value signed into every event report (docs/product.md, "Calls"); not a secret. */
  eventSignKey: string;
  /** The community provider's name in invite paths. */
  community: string;
  /** Use the simulated app bridge (development and tests only). */
  simulatedBridge: boolean;
  /** Field data; absent: the page sends none (a development server's page). */
  fieldData?: FieldDataConfig;
}

/** The id of the script element of type application/json that carries the config in the page. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
