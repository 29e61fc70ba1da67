// Each remote's exposed module as a lazy chunk of the one bundle, by the remote's name: written by
// webpack.config.js from workspaces.json and each remote's webpack config, so a new remote is in
// the baseline without a change here.
declare module 'one-bundle-local-modules' {
  import type { RemoteModule, RemoteName, RemotePropsByName } from 'shared-contracts';

  const LOCAL_MODULES: {
    [Name in RemoteName]: () => Promise<RemoteModule<RemotePropsByName[Name]>>;
  };
  export default LOCAL_MODULES;
}
