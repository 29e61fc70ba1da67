// The share screens as one ordinary webpack build, without Module Federation: the baseline
// `npm run bench` compares the federated product against. Output: .bench/one-bundle/shell/dist,
// laid out so the product server can serve it with STATIC_ROOT=.bench/one-bundle.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const shellConfig = require('../../shell/webpack.config.js');
const { messagesFilesOf, MessagesFilesPlugin } = require('../../webpack/messages-files');
const { workspaces } = require('../../workspaces.json');

const repoRoot = path.resolve(__dirname, '..', '..');
const FEDERATED_LOADER = path.join(repoRoot, 'shell/src/lib/remotes/load-remote-module.ts');
const LOCAL_LOADER = path.join(__dirname, 'load-local-module.ts');
/** What load-local-module.ts imports its remotes' modules from (local-modules.d.ts types it). */
const LOCAL_MODULES = 'one-bundle-local-modules';

/**
 * Writes the module behind `LOCAL_MODULES`: each remote of workspaces.json by its name, as a lazy
 * import of the module its webpack config exposes. Returns the file.
 */
function writeLocalModules() {
  const imports = workspaces
    .filter(({ role }) => role === 'remote')
    .map(({ folder, remote }) => {
      const { exposedModule } = require(path.join(repoRoot, folder, 'webpack.config.js'));
      return `  ${JSON.stringify(remote)}: () => import(${JSON.stringify(exposedModule)}),`;
    });
  const file = path.join(repoRoot, '.bench', 'one-bundle', 'local-modules.js');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `export default {\n${imports.join('\n')}\n};\n`);
  return file;
}

/**
 * Each remote's texts in the other languages, under the shell's version (the one its code was
 * given in this build) in a folder of their own, `{remote}-messages/`, where load-local-module.ts
 * asks for them.
 */
function remotesMessagesFiles() {
  const version = messagesFilesOf(path.join(repoRoot, 'shell'))?.version ?? '';
  return workspaces
    .filter(({ role, folder }) => role === 'remote' && messagesFilesOf(path.join(repoRoot, folder)))
    .map(
      ({ folder, remote }) =>
        new MessagesFilesPlugin(path.join(repoRoot, folder), version, `${remote}-messages`),
    );
}

/**
 * Builds load-local-module.ts wherever the shell imports load-remote-module.ts. It matches the
 * resolved file, not the import specifier, which depends on the importing folder: a specifier
 * pattern that missed one ('./load-remote-module', once) left the share screen on the federation
 * runtime, which knows no remotes in this build: the page showed the Retry fallback instead of
 * the file list.
 */
class UseLocalLoaderPlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('UseLocalLoaderPlugin', (factory) => {
      factory.hooks.afterResolve.tap('UseLocalLoaderPlugin', ({ createData }) => {
        if (createData.resource !== FEDERATED_LOADER) return;
        // `request` (loaders!file) names the module; `context` resolves its own imports.
        createData.request = createData.request.replace(FEDERATED_LOADER, LOCAL_LOADER);
        createData.userRequest = LOCAL_LOADER;
        createData.resource = LOCAL_LOADER;
        createData.context = __dirname;
      });
    });
  }
}

/** Fails the build if any of the federation runtime is left in: the baseline would not be one. */
class NoFederationPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('NoFederationPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('NoFederationPlugin', (modules) => {
        const left = new Set();
        for (const module of modules) {
          const resource = module.resource ?? '';
          if (resource === FEDERATED_LOADER || /[\\/]@module-federation[\\/]/.test(resource))
            left.add(path.relative(repoRoot, resource));
        }
        if (left.size > 0)
          compilation.errors.push(
            new Error(`one-bundle: federation is left in the build: ${[...left].join(', ')}`),
          );
      });
    });
  }
}

module.exports = (env, argv) => {
  const config = shellConfig(env, { ...argv, mode: 'production' });
  return {
    ...config,
    output: {
      ...config.output,
      path: path.join(repoRoot, '.bench', 'one-bundle', 'shell', 'dist'),
    },
    resolve: {
      ...config.resolve,
      alias: {
        ...config.resolve?.alias,
        '@module-federation/enhanced/runtime$': path.join(__dirname, 'no-federation-runtime.ts'),
        [`${LOCAL_MODULES}$`]: writeLocalModules(),
      },
    },
    plugins: [
      ...config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
      ...remotesMessagesFiles(),
      new UseLocalLoaderPlugin(),
      new NoFederationPlugin(),
    ],
    module: {
      ...config.module,
      rules: config.module.rules.map((rule) =>
        String(rule.test) === String(/\.tsx?$/)
          ? {
              ...rule,
              use: {
                ...rule.use,
                options: { ...rule.use.options, configFile: path.join(__dirname, 'tsconfig.json') },
              },
            }
          : rule,
      ),
    },
  };
};
