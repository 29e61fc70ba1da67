import type { RemoteLocation } from 'shared-contracts';
import type { ReleaseTrack } from 'shared-contracts/page';

/** Where the browser keeps the visitor's number for canaries (0 to 100, kept until cleared). */
export const RELEASE_BUCKET_KEY = 'nimbus.release-bucket';

/** The release of a remote this visitor gets: its manifest, track and canary. */
export interface ChosenRelease {
  manifestUrl: string;
  track: ReleaseTrack;
  /** The configuration's name for it (a release the server started), if any. */
  release?: string;
  canary?: number;
}

/**
 * The visitor's number from 0 to 100: random once, then kept in localStorage (no cookie), so a
 * visitor stays on one release of a canary from page to page. Without storage, one per page.
 */
export function visitorBucket(storage: Pick<Storage, 'getItem' | 'setItem'> | null): number {
  try {
    const kept = Number.parseFloat(storage?.getItem(RELEASE_BUCKET_KEY) ?? '');
    if (Number.isFinite(kept) && kept >= 0 && kept < 100) return kept;
    const fresh = Math.random() * 100;
    storage?.setItem(RELEASE_BUCKET_KEY, fresh.toFixed(4));
    return fresh;
  } catch {
    return Math.random() * 100;
  }
}

/** A canary at `percent` goes to the visitors whose number is under it. */
export function chooseRelease(location: RemoteLocation, bucket: number): ChosenRelease {
  const { canary } = location;
  if (canary && bucket < canary.percent) {
    return {
      manifestUrl: canary.manifestUrl,
      track: 'canary',
      release: canary.release,
      canary: canary.id,
    };
  }
  return {
    manifestUrl: location.manifestUrl,
    track: 'stable',
    ...(location.release ? { release: location.release } : {}),
    ...(canary ? { canary: canary.id } : {}),
  };
}

const storageOrNull = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

let bucket: number | null = null;

/** This visitor's release of a remote (the same for every call of the page). */
export function releaseFor(location: RemoteLocation): ChosenRelease {
  bucket ??= visitorBucket(storageOrNull());
  return chooseRelease(location, bucket);
}
