import {
  RELEASE_PATTERN,
  type FieldError,
  type RemoteName,
  type RuntimeConfig,
} from 'shared-contracts';

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
  const releasesOf = (remote: RemoteName) => {
    const { release, canary } = config.remotes[remote];
    return valid([release, canary?.release]);
  };
  return {
    shell: valid([shellBuild]),
    share: releasesOf('share'),
    payments: releasesOf('payments'),
    invite: releasesOf('invite'),
  };
}
