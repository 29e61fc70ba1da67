import { type RemoteName } from 'shared-contracts';
import {
  FIELD_ERRORS_MAX,
  scrubErrorMessage,
  type FieldError,
  type FieldErrorKind,
  type FieldRemote,
  type RuntimeConfig,
} from 'shared-contracts/page';
import type { ChosenRelease } from '../../lib/remotes/release-track';

/** What a sampled visit has recorded so far: the remotes it loaded and its errors. */
export interface FieldVisit {
  remotes: Map<RemoteName, FieldRemote>;
  errors: FieldError[];
}

/** The visit being recorded; null when this visit is not in the sample (nothing is recorded). */
let visit: FieldVisit | null = null;
/** Each loaded remote's folder, to tell which one an uncaught error came from. */
const folders = new Map<RemoteName, string>();

const folderOf = (manifestUrl: string) =>
  new URL('./', new URL(manifestUrl, document.baseURI)).href;

/** The remote whose files a stack or file name points into; the shell otherwise. */
function sourceOf(text: string): RemoteName | 'shell' {
  for (const [remote, folder] of folders) if (text.includes(folder)) return remote;
  return 'shell';
}

function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * Starts recording this visit when the runtime configuration's sample rate picks it (the
 * entry chunk's first step, so even the start-up's errors count): uncaught errors and rejected
 * promises from here on, remotes and their errors as the shell reports them. Returns the visit,
 * or null outside the sample.
 */
export function startFieldRecording(
  config: RuntimeConfig | null,
  random: () => number = Math.random,
): FieldVisit | null {
  const rate = config?.fieldData?.sampleRate ?? 0;
  if (visit || !(random() < rate)) return visit;
  visit = { remotes: new Map(), errors: [] };
  window.addEventListener('error', (event) => {
    const stack = event.error instanceof Error ? (event.error.stack ?? '') : '';
    recordFieldError(sourceOf(`${event.filename} ${stack}`), 'uncaught', event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const stack = event.reason instanceof Error ? (event.reason.stack ?? '') : '';
    recordFieldError(sourceOf(stack), 'rejection', messageOf(event.reason));
  });
  return visit;
}

/**
 * A remote's files are about to load from `manifestUrl`'s folder: known before its entry script
 * runs, so an error that script throws as it loads counts against the remote, not the shell.
 */
export function recordRemoteFiles(remote: RemoteName, manifestUrl: string): void {
  if (visit) folders.set(remote, folderOf(manifestUrl));
}

/** A remote was loaded (or tried) from its chosen release; `release` is what its module says. */
export function recordRemoteLoad(
  remote: RemoteName,
  chosen: ChosenRelease,
  release: string | undefined,
): void {
  if (!visit) return;
  recordRemoteFiles(remote, chosen.manifestUrl);
  visit.remotes.set(remote, {
    name: remote,
    release: release ?? chosen.release ?? 'unknown',
    track: chosen.track,
    ...(chosen.canary !== undefined ? { canary: chosen.canary } : {}),
  });
}

export function recordFieldError(
  source: RemoteName | 'shell',
  kind: FieldErrorKind,
  error: unknown,
): void {
  if (!visit || visit.errors.length >= FIELD_ERRORS_MAX) return;
  visit.errors.push({ source, kind, message: scrubErrorMessage(messageOf(error)) });
}
