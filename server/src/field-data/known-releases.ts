import { RELEASE_PATTERN, type FieldError, type RuntimeConfig } from 'shared-contracts/page';
import { perRemote } from '../config/workspaces';

/** Per shell and remote, the releases the server knows: the only `version` values but 'unknown'. */
export type KnownReleases = Record<FieldError['source'], ReadonlySet<string>>;

const releaseName = new RegExp(RELEASE_PATTERN);

/**
 * The releases the runtime configuration names (each remote's stable one and its canary's) and
 * the shell's build the server serves (its `build.json`; null when it cannot be read). A name no
 * beacon can carry is left out, so no label is longer than the bound assumes.
 */
export function knownReleasesOf(config: RuntimeConfig, shellBuild: string | null): KnownReleases {
  const valid = (names: Array<string | null | undefined>) =>
    new Set(
      names.filter((name): name is string => typeof name === 'string' && releaseName.test(name)),
    );
  return {
    shell: valid([shellBuild]),
    ...perRemote(({ name }) => {
      const { release, canary } = config.remotes[name];
      return valid([release, canary?.release]);
    }),
  };
}
