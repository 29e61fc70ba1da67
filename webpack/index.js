/**
 * The one webpack config factory of every app (the shell and each remote).
 * It bakes in the Module Federation rules of ../../shared/STACK.md:
 * - an async boundary (each entry only does `import('./bootstrap')`),
 * - react, react-dom, the router and valtio shared as singletons, with their subpaths,
 * - `publicPath: 'auto'` for remotes, no runtimeChunk, no splitChunks 'all',
 * - no dts plugin (types flow through shared-contracts),
 * - 'loaded-first' so one unreachable remote does not hold up start-up.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const SINGLETONS = ['react', 'react-dom', 'react-router', 'react-router-dom', 'valtio'];
/** Subpath keys so `react/jsx-runtime`, `react-dom/client`, ... are shared too. */
const SINGLETON_SUBPATHS = ['react/', 'react-dom/', 'react-router/'];

function versionOf(packageName) {
  return require(require.resolve(`${packageName}/package.json`, { paths: [__dirname] })).version;
}

function sharedSingletons() {
  const shared = {};
  for (const name of SINGLETONS) {
    shared[name] = { singleton: true, requiredVersion: `^${versionOf(name)}` };
  }
  for (const key of SINGLETON_SUBPATHS) {
    const name = key.slice(0, -1);
    shared[key] = { singleton: true, requiredVersion: `^${versionOf(name)}` };
  }
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.dirname the app's folder
 * @param {string} options.name the federation name (e.g. 'remote_share')
 * @param {'host' | 'remote'} options.role
 * @param {Record<string, string>} [options.exposes] modules the app exposes
 * @param {string[]} [options.runtimePlugins] federation runtime plugins (files)
 * @param {number} options.devPort port of `npm run dev`
 * @param {string} [options.title] page title of the app's own page
 * @param {Record<string, string>} [options.devProxy] dev server proxy (path prefix -> target)
 * @param {boolean} [options.standalonePage] build the app's own page (hosts always; remotes in dev)
 */
function createConfig(options) {
  const { dirname, name, role, exposes = {}, runtimePlugins = [], devPort } = options;
  return (env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isHost = role === 'host';
    const withPage = isHost || options.standalonePage === true || mode === 'development';
    return {
      mode,
      context: dirname,
      devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
      entry: withPage ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(dirname, 'dist'),
        // 'auto': chunks resolve next to the entry, wherever it is served from (also cross-origin).
        publicPath: 'auto',
        // The federation runtime asks for this name (only for its folder) before hashes exist.
        filename: (pathData) =>
          mode === 'production' && pathData.chunk?.contentHash?.javascript
            ? '[name].[contenthash:8].js'
            : '[name].js',
        chunkFilename: mode === 'production' ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'ts-loader',
              options: {
                transpileOnly: true,
                configFile: path.join(dirname, 'tsconfig.json'),
                compilerOptions: { noEmit: false, rootDir: path.join(__dirname, '..') },
              },
            },
          },
          { test: /\.css$/, use: ['style-loader', 'css-loader'] },
          { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedSingletons(),
          runtimePlugins,
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
        }),
        new webpack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
        }),
        ...(withPage
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title: options.title ?? name,
                chunks: ['main'],
                // Pages live at /s/{code}: their scripts must load from the site's root.
                publicPath: '/',
              }),
            ]
          : []),
      ],
      optimization: {
        // Pitfall 3: never runtimeChunk 'single' or splitChunks 'all' with federation.
        runtimeChunk: false,
      },
      performance: { hints: false },
      devServer: {
        port: devPort,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: Object.entries(options.devProxy ?? {}).map(([context, target]) => ({
          context: [context],
          target,
        })),
        client: { overlay: { warnings: false } },
      },
    };
  };
}

module.exports = { createConfig };
