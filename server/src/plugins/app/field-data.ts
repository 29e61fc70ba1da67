import path from 'node:path';
import fp from 'fastify-plugin';
import { FieldMetrics } from '../../field-data/field-metrics';
import { knownReleasesOf, type KnownReleases } from '../../field-data/known-releases';
import { createCachedFileReader } from '../../lib/cached-file';
import { RELEASES_FRESH_MS } from '../../releases/release-reader';
import { SHELL_DIST } from '../external/static';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The field data's histograms and counters (docs/operations/field-data.md, "On `/metrics`").
     */
    fieldMetrics: FieldMetrics;
    /** The shell build and remote releases the server hands out now: the only named versions. */
    knownReleases(): Promise<KnownReleases>;
  }
}

/**
 * The field data's metrics, with the series of the releases the runtime configuration names and
 * of the shell's build kept as fresh as the pages' configuration is (a canary's series are
 * there, at zero, before its first visit: `rate()` counts that visit).
 */
export default fp(
  async (app) => {
    const fieldMetrics = new FieldMetrics(app.metrics.registry);
    app.decorate('fieldMetrics', fieldMetrics);

    // The shell build the server serves, as webpack names it (webpack/index.js, BuildNamePlugin).
    const buildFile = path.join(app.env.staticRoot, SHELL_DIST, 'build.json');
    const readBuild = createCachedFileReader((text) => {
      const { build } = JSON.parse(text) as { build?: unknown };
      return typeof build === 'string' ? build : null;
    });
    const knownReleases = async () => {
      const [config, build] = await Promise.all([
        app.runtimeConfig.current(),
        readBuild(buildFile).catch(() => null),
      ]);
      return knownReleasesOf(config, build);
    };
    app.decorate('knownReleases', knownReleases);
    const useKnownReleases = () =>
      knownReleases().then(
        (known) => fieldMetrics.useReleases(known),
        (error: unknown) => app.log.warn({ err: error }, 'the known releases could not be read'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await useKnownReleases();
      timer = setInterval(() => void useKnownReleases(), RELEASES_FRESH_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  },
  { name: 'field-data', dependencies: ['config', 'metrics'] },
);
