/**
 * The version of this agreement (shared-contracts/CHANGELOG.md). A remote reports the version it
 * was built with, and the shell runs it only when `isCompatibleContract` says so. A change that
 * breaks the main entry's report (a name, member or type removed or changed) needs a new major; an
 * addition (a name, a member of HostServices, a prop) a new minor.
 */
export const CONTRACT_VERSION = '2.3.0';

/** The major and minor of a version such as `2.1.0`; null for anything else. */
function majorAndMinorOf(version: unknown): { major: number; minor: number } | null {
  const match = typeof version === 'string' ? /^(\d+)\.(\d+)(?:\.|$)/.exec(version) : null;
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

/**
 * Whether a host of `hostVersion` runs a remote built for `remoteVersion`: the same major (another
 * major changed or removed what one side relies on), and a minor no newer than the host's (a
 * newer minor's remote may use host services, members or props this host does not have). A remote
 * of an older minor runs: each minor since only added to what it was built for.
 */
export function isCompatibleContract(
  remoteVersion: unknown,
  hostVersion: string = CONTRACT_VERSION,
): boolean {
  const remote = majorAndMinorOf(remoteVersion);
  const host = majorAndMinorOf(hostVersion);
  return (
    remote !== null && host !== null && remote.major === host.major && remote.minor <= host.minor
  );
}
