import type { Static } from '@sinclair/typebox';
import type {
  FieldBeaconSchema,
  FieldErrorSchema,
  FieldRemoteSchema,
} from '../api-schemas/field-beacon';

/**
 * Field data (real-user monitoring): what one visit's beacon says, with nothing personal in it
 * (no share code, no user, no address). The server turns it into Prometheus histograms and, for
 * a remote under a canary release, into the canary's verdict (docs/operations/releases.md).
 */

/** What a visit landed on: the screen its first paint showed. */
export type FieldPageKind = FieldBeacon['page'];

/** `navigator.connection.effectiveType` where the browser says, else 'unknown'. */
export type FieldConnection = FieldBeacon['connection'];

/** Which of a remote's two releases a visitor got while it has a canary. */
export type ReleaseTrack = FieldRemote['track'];

/** A remote loaded (or tried) during the visit, with its release and track. */
export type FieldRemote = Static<typeof FieldRemoteSchema>;

export type FieldErrorKind = FieldError['kind'];

/** An error of the visit: its source (a remote, or 'shell'), kind and scrubbed message. */
export type FieldError = Static<typeof FieldErrorSchema>;

/**
 * One visit's beacon: page kind, platform, connection, the shell's build, the remotes loaded,
 * Core Web Vitals (milliseconds; CLS unitless; a missing one was not measured), errors, and the
 * elements behind a poor LCP and INP (CSS selectors, for the log).
 */
export type FieldBeacon = Static<typeof FieldBeaconSchema>;

/** Where beacons go (same origin; the server's `FIELD_SAMPLE_RATE` decides how many visits send). */
export const FIELD_BEACON_PATH = '/field/beacon';

/** The most errors one beacon carries: a page in a loop of errors sends ten, not thousands. */
export const FIELD_ERRORS_MAX = 10;

/** The most characters of an error's message a beacon carries. */
export const FIELD_MESSAGE_MAX = 120;

/** A release name: what a remote reports and what labels a metric with (bounded, no spaces). */
export const RELEASE_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$';

/**
 * An error's message as a beacon may carry it: URLs, numbers and anything in quotes replaced
 * (they may carry a share code, an address or a name), cut to `FIELD_MESSAGE_MAX`.
 */
export function scrubErrorMessage(message: string): string {
  return message
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S*/gi, '<url>')
    .replace(/(["'`])[^"'`]*\1/g, '<text>')
    .replace(/\/\S*/g, '<path>')
    .replace(/\d+/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, FIELD_MESSAGE_MAX);
}
