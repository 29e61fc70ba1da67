// The share screens as one ordinary webpack build, without Module Federation: the baseline
// `npm run bench` compares the federated product against. Output: .bench/one-bundle/shell/dist,
// laid out so the product server can serve it with STATIC_ROOT=.bench/one-bundle.
const path = require('node:path');
const webpack = require('webpack');
const shellConfig = require('../../shell/webpack.config.js');

const repoRoot = path.resolve(__dirname, '..', '..');

module.exports = (env, argv) => {
  const config = shellConfig(env, { ...argv, mode: 'production' });
  return {
    ...config,
    output: {
      ...config.output,
      path: path.join(repoRoot, '.bench', 'one-bundle', 'shell', 'dist'),
    },
    plugins: [
      ...config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
      new webpack.NormalModuleReplacementPlugin(
        /remotes[\\/]load-remote-module$/,
        path.join(__dirname, 'load-local-module.ts'),
      ),
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
