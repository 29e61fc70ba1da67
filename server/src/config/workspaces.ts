import { REMOTE_EXPOSES, REMOTE_FEDERATION_NAMES, type RemoteName } from 'shared-contracts';
import declaration from '../../../workspaces.json' with { type: 'json' };

/** An app (the host or a remote) as workspaces.json declares it. */
export interface DeclaredApp {
  /** Its workspace's folder, where its build is (`remote-share/dist`). */
  folder: string;
  /** The port of its `npm run dev`. */
  devPort: number;
  /** Where the server serves its `dist/` (`/remotes/share/`; the host's is `/`). */
  staticPath: string;
}

export interface DeclaredRemote extends DeclaredApp {
  /** Its name in the contract, and its key in the runtime configuration. */
  name: RemoteName;
}

const isRemoteName = (name: string): name is RemoteName =>
  Object.hasOwn(REMOTE_FEDERATION_NAMES, name);

function appOf(workspace: (typeof declaration.workspaces)[number]): DeclaredApp {
  const { folder, devPort, staticPath } = workspace;
  if (devPort === undefined || staticPath === undefined) {
    throw new Error(`workspaces.json: the app ${folder} needs a devPort and a staticPath`);
  }
  return { folder, devPort, staticPath };
}

/**
 * The remotes, checked against the contract: a remote the contract does not know, or knows by
 * another federation name or exposed module, would be served to a shell that cannot load it.
 */
function declaredRemotes(): DeclaredRemote[] {
  const remotes = declaration.workspaces.flatMap((workspace) => {
    if (workspace.role !== 'remote') return [];
    const { folder, remote: name, federation } = workspace;
    if (name === undefined || !isRemoteName(name)) {
      throw new Error(`workspaces.json: ${folder} is no remote of shared-contracts' RemoteName`);
    }
    if (
      federation?.name !== REMOTE_FEDERATION_NAMES[name] ||
      federation.expose !== REMOTE_EXPOSES[name]
    ) {
      throw new Error(
        `workspaces.json: ${folder}'s federation name and exposed module are not the contract's`,
      );
    }
    return [{ ...appOf(workspace), name }];
  });
  const missing = Object.keys(REMOTE_FEDERATION_NAMES).filter(
    (name) => !remotes.some((remote) => remote.name === name),
  );
  if (missing.length > 0) {
    throw new Error(`workspaces.json declares no workspace for the remotes ${missing.join(', ')}`);
  }
  return remotes;
}

/** The host (the shell), served at the site's root. */
export const HOST: DeclaredApp = (() => {
  const [host, ...others] = declaration.workspaces.filter(({ role }) => role === 'host');
  if (!host || others.length > 0) throw new Error('workspaces.json declares one host');
  return appOf(host);
})();

/** Every remote of the contract, in the declaration's order. */
export const REMOTES: readonly DeclaredRemote[] = declaredRemotes();

/** The apps: the host, then the remotes. */
export const APPS: readonly DeclaredApp[] = [HOST, ...REMOTES];

/** A value for each remote, keyed by its name (every remote of the contract is declared). */
export function perRemote<Value>(
  valueOf: (remote: DeclaredRemote) => Value,
): Record<RemoteName, Value> {
  return Object.fromEntries(REMOTES.map((remote) => [remote.name, valueOf(remote)])) as Record<
    RemoteName,
    Value
  >;
}
