// Typecheck only (`tsc -p bench/one-bundle`, never bundled): fails when load-local-module.ts lacks
// an export of the shell's load-remote-module.ts, has one it lacks, or types one differently.
import type * as Federated from '../../shell/src/lib/remotes/load-remote-module';
import type * as Local from './load-local-module';

type Exports<Module> = { [Name in keyof Module]: Module[Name] };

export const localCoversFederated = (local: Exports<typeof Local>): Exports<typeof Federated> =>
  local;
export const federatedCoversLocal = (federated: Exports<typeof Federated>): Exports<typeof Local> =>
  federated;
