/**
 * The one webpack config factory of every app (the shell and each remote).
 * It bakes in the Module Federation rules
 * (docs/decisions/0023-pinned-stack-and-module-federation.md):
 * - an async boundary (each entry only does `import('./bootstrap')`),
 * - react, react-dom and valtio shared as singletons, with their subpaths; the router is not
 *   shared: routing is the shell's alone (remotes get what they need through HostServices), and a
 *   shared module cannot be tree-shaken (react-router whole is 60 KB gzip, the shell's part 15),
 * - a remote on the first screen can use the shell's federation runtime instead of its own
 *   (`externalRuntime`), so the page does not load that runtime twice,
 * - `publicPath: 'auto'` for remotes, no runtimeChunk, no splitChunks 'all' (the host groups its
 *   async start-up chunks only: HOST_START_UP_CHUNKS),
 * - no dts plugin (types flow through shared-contracts),
 * - 'loaded-first' so one unreachable remote does not hold up start-up.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const zlib = require('node:zlib');
const webpack = require('webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { workspaces: WORKSPACES } = require('../workspaces.json');
const { messagesFilesOf, MessagesFilesPlugin } = require('./messages-files');

/**
 * The build's name in the field data: BUILD_ID when set (a CI's build number), else the commit
 * the sources come from, else 'dev'.
 */
const BUILD_ID = (() => {
  if (process.env.BUILD_ID && /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/.test(process.env.BUILD_ID)) {
    return process.env.BUILD_ID;
  }
  try {
    return execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], {
      cwd: __dirname,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
})();

// @lingui/core too: every app shows texts with it, and one copy is 2.3 KB of each one's start-up.
const SINGLETONS = ['react', 'react-dom', 'valtio', '@lingui/core'];
/** Subpath keys so `react/jsx-runtime`, `react-dom/client`, ... are shared too. */
const SINGLETON_SUBPATHS = ['react/', 'react-dom/'];

/**
 * The host's chunk of react-dom (with the scheduler only it uses): the start-up's largest file,
 * which nothing but the app's first render waits for (HOST_START_UP_CHUNKS).
 */
const REACT_DOM_CHUNK = 'react-dom';

/**
 * The files an entrypoint needs at once (scripts and their CSS), each with whether it is
 * react-dom's (`REACT_DOM_CHUNK`): the chunks of its direct children (the host's
 * `import('./bootstrap')`, a remote's exposed modules) and of the shared modules those consume,
 * which load as soon as they are required. Lazy chunks (previews, dialogs, the login providers)
 * are children of those and are left out.
 */
function startUpFilesOf(entrypoint) {
  const files = new Map();
  const add = (group) => {
    for (const chunk of group.chunks)
      for (const file of chunk.files)
        if (/\.(js|css)$/.test(file))
          files.set(file, files.get(file) || chunk.name === REACT_DOM_CHUNK);
  };
  for (const child of entrypoint.getChildren()) {
    add(child);
    for (const grandchild of child.getChildren()) {
      const consumesShared = grandchild.origins.some(
        (origin) => origin.module?.constructor.name === 'ConsumeSharedModule',
      );
      if (consumesShared) add(grandchild);
    }
  }
  return files;
}

/**
 * Adds to the page's head what its entry's `import('./bootstrap')` needs at once
 * (`startUpFilesOf`): a `<link rel="preload">` for each script, without which the browser would
 * learn of them only after the entry has downloaded and run, and a stylesheet link for each CSS
 * file, which the server inlines into the page (server/src/page-assembly/start-up-css.ts).
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PreloadStartupChunksPlugin',
        (data) => {
          const main = compilation.entrypoints.get('main');
          const files = main ? startUpFilesOf(main) : new Map();
          const publicPath = data.publicPath ?? '/';
          const tags = [...files].map(([file, reactDom]) =>
            file.endsWith('.css')
              ? HtmlWebpackPlugin.createHtmlTagObject('link', {
                  rel: 'stylesheet',
                  href: `${publicPath}${file}`,
                })
              : HtmlWebpackPlugin.createHtmlTagObject('link', {
                  rel: 'preload',
                  as: 'script',
                  href: `${publicPath}${file}`,
                  // The server requests react-dom at the first paint of a page with a first
                  // screen (server/src/page-assembly/start-after-first-paint.ts).
                  'data-at-first-paint': reactDom,
                }),
          );
          data.headTags.push(...tags);
          return data;
        },
      );
    });
  }
}

/**
 * Writes `build.json` (`{"build": BUILD_ID}`) beside the page: the server reads which shell build
 * it serves, so the field data counts that build's visits under its name and nothing else's.
 */
class BuildNamePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildNamePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildNamePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = JSON.stringify({ build: BUILD_ID });
          compilation.emitAsset('build.json', new webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/** V8's explicit compile hint for a whole script (Chrome 136+; a plain comment elsewhere). */
const COMPILE_EAGERLY = '//# allFunctionsCalledOnLoad\n';

/**
 * The start-up file that keeps V8's lazy compilation: the host's entry, mostly the federation
 * runtime, most of whose functions never run on a page. A preloaded file that has arrived before
 * its script runs (a fast link, Lighthouse's simulated load) is compiled whole on the main thread
 * in the task that runs it, 8–11 ms for the entry at 4x CPU. react-dom keeps the hint: compiled
 * lazily, each of its functions was compiled during the app's first render, `ready` 105 ms later
 * on the benchmark's phone (docs/performance.md, "Start-up scripts compiled eagerly").
 */
const COMPILED_LAZILY = /^main\.[0-9a-f]+\.js$/;

/**
 * Starts every start-up script (each entry's own chunks and `startUpFilesOf`) with V8's compile
 * hint: Chrome then compiles all of its functions on a background thread while the file streams
 * in, instead of compiling each one on the main thread the first time it is called, which is
 * during the app's first render (docs/performance.md, "Start-up scripts compiled eagerly"). Those
 * files run nearly every function they hold at once; lazy chunks keep V8's lazy compilation.
 * Added after minification (which drops comments), before the source maps and compression.
 */
class CompileStartUpEagerlyPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileStartUpEagerlyPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'CompileStartUpEagerlyPlugin',
          stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
        },
        () => {
          const files = new Set();
          for (const entrypoint of compilation.entrypoints.values()) {
            for (const file of entrypoint.getEntrypointChunk().files) files.add(file);
            for (const file of startUpFilesOf(entrypoint).keys()) files.add(file);
          }
          for (const file of files) {
            if (!file.endsWith('.js') || COMPILED_LAZILY.test(file)) continue;
            compilation.updateAsset(
              file,
              (source) => new webpack.sources.ConcatSource(COMPILE_EAGERLY, source),
            );
          }
        },
      );
    });
  }
}

/**
 * The host's start-up code in three files instead of ten: react-dom in one chunk, the other
 * shared singletons (react, valtio, @lingui/core) in another, and its own modules in the bootstrap chunk. A
 * phone on HTTP/1.1 opens six connections per host; each file past those waits for one to free
 * up. react-dom has a file of its own because nothing but the first render needs it: the app's
 * modules, the remote's among them, run on react alone while react-dom still downloads
 * (docs/performance.md, "Only the first render waits for react-dom"). The provided singletons
 * stay out of the bootstrap chunk, which consumes them: a chunk that provided what it consumes
 * would wait for itself. Only async chunks are grouped (pitfall 3: the entry and remoteEntry stay
 * as federation makes them).
 */
const HOST_START_UP_CHUNKS = {
  chunks: 'async',
  cacheGroups: {
    default: false,
    defaultVendors: false,
    reactDom: {
      test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
      name: REACT_DOM_CHUNK,
      chunks: 'async',
      enforce: true,
    },
    sharedSingletons: {
      test: /[\\/]node_modules[\\/](react|valtio|proxy-compare|@lingui[\\/](core|message-utils))[\\/]/,
      name: 'shared-singletons',
      chunks: 'async',
      enforce: true,
    },
  },
};

/**
 * A remote's exposed module in one file with the libraries it needs at once (for remote-share:
 * the list's virtualizer and dayjs), not two: one request fewer while the page starts. Lazy
 * chunks still get only what their parent does not have already.
 */
const REMOTE_CHUNKS = { chunks: 'async', cacheGroups: { defaultVendors: false } };

/**
 * A production build's CSS: each chunk's in a file of its own, not in its JavaScript. The start-up
 * chunks' CSS comes with the page (the server inlines it after the first screen, and the shell
 * applies it as it starts: docs/performance.md, "The start-up's CSS comes with the page"); the
 * CSS-loading runtime then finds it there by its `data-href` and fetches nothing. A lazy chunk's
 * CSS, or a remote release the page did not inline (a canary), loads as a stylesheet with its
 * chunk.
 */
const START_UP_CSS = {
  filename: '[name].[contenthash:8].css',
  chunkFilename: '[name].[contenthash:8].css',
};

/**
 * Writes `file.br` beside each script, style and manifest at brotli's best quality (11). The
 * server sends those as they are (@fastify/static `preCompressed`); compressing on the fly uses
 * quality 4, which leaves the share page's start-up scripts 17% (24 KB) larger: at 1.6 Mbit/s,
 * 120 ms more before the first paint.
 */
const PRECOMPRESS_BROTLI = new CompressionPlugin({
  test: /\.(m?js|css|json|svg)$/,
  filename: '[path][base].br',
  algorithm: 'brotliCompress',
  compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  threshold: 1024,
  minRatio: 0.9,
});

/**
 * The runtime plugin behind `experiments.provideExternalRuntime`, as its ES module: its CommonJS
 * build (what `require.resolve` finds) would bundle a second, CommonJS copy of the runtime.
 */
const INJECT_RUNTIME_PLUGIN = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

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

/** Where react-router's builds are (its `dist/development` and `dist/production`). */
const REACT_ROUTER_DIST = path.join(
  path.dirname(require.resolve('react-router/package.json', { paths: [__dirname] })),
  'dist',
);

/**
 * react-router 7's package exports name only its development build, whatever the mode (its
 * issues 12532 and 14102): warnings and checks a production page never needs, 9 KB of gzip of the
 * shell's start-up. A production build takes its production build instead, for both of its entry
 * points, so every import of it (react-router-dom's too) gets the same copy.
 */
function reactRouterBuild(mode) {
  if (mode !== 'production') return {};
  return {
    'react-router$': path.join(REACT_ROUTER_DIST, 'production', 'index.mjs'),
    'react-router/dom$': path.join(REACT_ROUTER_DIST, 'production', 'dom-export.mjs'),
  };
}

/** The browsers of tsconfig's ES2022: the minified CSS uses no syntax they lack. */
const CSS_TARGETS = ['chrome94', 'edge94', 'firefox93', 'safari15.4', 'ios15.4'];

/** TypeScript, CSS (through `styleLoader`) and images: the same for the browser and the server. */
function moduleRules(dirname, styleLoader) {
  return [
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
    {
      test: /\.css$/,
      use: [
        styleLoader,
        { loader: 'css-loader', options: { sourceMap: false } },
        // Minified before it is bundled: css-loader keeps a file's comments and spaces, which the
        // start-up JavaScript and a page's inline first-screen CSS would otherwise carry.
        { loader: 'esbuild-loader', options: { loader: 'css', minify: true, target: CSS_TARGETS } },
      ],
    },
    { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset/resource' },
    // pdf.js's character maps and symbol fonts (remote-share's PDF preview).
    { test: /\.(bcmap|pfb)$/, type: 'asset/resource' },
  ];
}

/**
 * The app's entry in workspaces.json: its role, federation name, exposed module's name and port.
 * @param {string} workspace the app's folder, as workspaces.json names it
 */
function declaredApp(workspace) {
  const app = WORKSPACES.find((candidate) => candidate.folder === workspace);
  if (!app?.federation || !['host', 'remote'].includes(app.role)) {
    throw new Error(`workspaces.json declares no app ${workspace} (a host or a remote)`);
  }
  return app;
}

/**
 * @param {object} options
 * @param {string} options.dirname the app's folder
 * @param {string} options.workspace the app as workspaces.json names it (e.g. 'remote-share'),
 *   which gives its role, federation name (e.g. 'remote_share'), exposed name and dev port;
 *   named here rather than read from `dirname`: a copy built elsewhere (e2e's canaries) is the
 *   same app
 * @param {string} options.exposedModule the file of the module it exposes under its declared name
 * @param {string[]} [options.runtimePlugins] federation runtime plugins (files)
 * @param {string} [options.title] page title of the app's own page
 * @param {Record<string, string>} [options.devProxy] dev server proxy (path prefix -> target)
 * @param {boolean} [options.standalonePage] build the app's own page (hosts always; remotes in dev)
 * @param {boolean} [options.externalRuntime] a remote released with the shell: its production
 *   build uses the federation runtime the shell provides (the shell's `provideRuntime`)
 * @param {boolean} [options.provideRuntime] a host: hands its federation runtime to such remotes
 * @returns the webpack config function, with `exposedModule`: the exposed module's full path
 */
function createConfig(options) {
  const { dirname, runtimePlugins = [] } = options;
  const { role, federation, devPort } = declaredApp(options.workspace);
  const { name } = federation;
  const exposes = { [federation.expose]: options.exposedModule };
  const makeConfig = (env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const isHost = role === 'host';
    const withPage = isHost || options.standalonePage === true || mode === 'development';
    // Without a page of its own the remote always runs inside the shell, which provides it.
    const externalRuntime = options.externalRuntime === true && !withPage;
    // The app's texts in the other languages: files of their own (messages-files.js).
    const messages = messagesFilesOf(dirname);
    const federationRuntimePlugins = options.provideRuntime
      ? // What `experiments.provideExternalRuntime` adds; that flag refuses a host that exposes.
        [...runtimePlugins, INJECT_RUNTIME_PLUGIN]
      : runtimePlugins;
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
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: reactRouterBuild(mode) },
      module: {
        // Production: each chunk's CSS in a file of its own (START_UP_CSS); development keeps
        // style-loader's hot reloading (no CSS source maps: it would ship them in the JavaScript).
        rules: moduleRules(
          dirname,
          mode === 'production' ? MiniCssExtractPlugin.loader : 'style-loader',
        ),
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedSingletons(),
          runtimePlugins: federationRuntimePlugins,
          shareStrategy: 'loaded-first',
          // 'web': the runtime drops its Node.js script loading (these builds only run in browsers).
          experiments: {
            externalRuntime,
            // Such a remote loads no remotes itself (its standalone page, which loads the shell's
            // host, is another build): its entry drops the code for them, 0.6 KB of brotli on the
            // page's start-up. The runtime it uses, the shell's, keeps it.
            optimization: { target: 'web', disableRemote: externalRuntime },
          },
          manifest: true,
          dts: false,
        }),
        new webpack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
          // What the field data names this build by (a remote without a release of its own too).
          'process.env.BUILD_ID': JSON.stringify(BUILD_ID),
          'process.env.MESSAGES_VERSION': JSON.stringify(messages?.version ?? ''),
        }),
        ...(messages ? [new MessagesFilesPlugin(dirname, messages.version)] : []),
        ...(withPage
          ? [
              new HtmlWebpackPlugin({
                template: path.join(__dirname, 'index.html'),
                title: options.title ?? name,
                chunks: ['main'],
                // Pages live at /s/{code}: their scripts must load from the site's root.
                publicPath: '/',
              }),
              new PreloadStartupChunksPlugin(),
              new BuildNamePlugin(),
            ]
          : []),
        ...(mode === 'production'
          ? [
              new MiniCssExtractPlugin(START_UP_CSS),
              new CompileStartUpEagerlyPlugin(),
              PRECOMPRESS_BROTLI,
            ]
          : []),
      ],
      optimization: {
        // Pitfall 3: never runtimeChunk 'single' or splitChunks 'all' with federation.
        runtimeChunk: false,
        ...(isHost ? { splitChunks: HOST_START_UP_CHUNKS } : { splitChunks: REMOTE_CHUNKS }),
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
  // The exposed module's file, for a build that imports it without federation (bench/one-bundle).
  return Object.assign(makeConfig, { exposedModule: path.join(dirname, options.exposedModule) });
}

/** Where an app's first-screen renderer is built, beside its `dist/` (never served as a file). */
const FIRST_SCREEN_DIR = 'dist-first-screen';

/**
 * The server-side build of an app's part of a share page's first screen: `first-screen.js`
 * (CommonJS, for Node, React bundled in) renders it to HTML, and `first-screen.css` holds the CSS
 * its modules import (what lazy chunks import stays in their own files). The product server
 * writes both into the page, so the file list paints before any JavaScript has run
 * (server/src/page-assembly/first-screen.ts).
 * @param {object} options
 * @param {string} options.dirname the app's folder
 * @param {string} options.entry the renderer module, relative to the app's folder
 */
function createFirstScreenConfig({ dirname, entry }) {
  return {
    mode: 'production',
    name: 'first-screen',
    target: 'node',
    context: dirname,
    devtool: false,
    entry: { 'first-screen': entry },
    output: {
      path: path.join(dirname, FIRST_SCREEN_DIR),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: moduleRules(dirname, MiniCssExtractPlugin.loader) },
    plugins: [
      // No CSS-loading runtime: the server only reads the file.
      new MiniCssExtractPlugin({ filename: '[name].css', runtime: false }),
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify('production') }),
    ],
    // Readable stack traces in the server's log.
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

module.exports = { createConfig, createFirstScreenConfig };
