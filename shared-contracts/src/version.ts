/**
 * The version of this agreement. A remote reports the version it was built with; the shell
 * refuses a remote whose major version differs from its own. Bump the major on any breaking
 * change to an exposed module's props or to HostServices.
 */
export const CONTRACT_VERSION = '1.12.0';

export function majorOf(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '', 10);
}

export function isCompatibleContract(
  remoteVersion: unknown,
  hostVersion = CONTRACT_VERSION,
): boolean {
  return typeof remoteVersion === 'string' && majorOf(remoteVersion) === majorOf(hostVersion);
}
