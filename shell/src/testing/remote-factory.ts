/**
 * What a mocked `loadRemote` resolves to: the shell asks the federation runtime for an exposed
 * module's factory (`loadFactory: false`) and runs it itself (lib/remotes/load-remote-module.ts).
 */
export const remoteFactory = (module: unknown) => (() => module) as never;
