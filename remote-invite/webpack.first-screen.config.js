// The server-side renderer of the invite page (docs/performance.md, "Screens without a list").
const { createFirstScreenConfig } = require('webpack-config');

const config = createFirstScreenConfig({
  dirname: __dirname,
  entry: './src/first-screen/render-invite-first-screen.tsx',
});

// The images' URLs: the app's build names them `assets/[name].[contenthash:8][ext]` next to its
// entry (publicPath 'auto'); this build names them alike behind a placeholder the renderer
// replaces with the remote's folder from the runtime configuration (ASSET_SLOT in
// src/first-screen/render-invite-first-screen.tsx). The server serves the app's own files, so
// this build writes none.
config.module.generator = {
  'asset/resource': {
    filename: 'assets/[name].[contenthash:8][ext]',
    publicPath: '/nimbus-first-screen-assets/',
    emit: false,
  },
};

module.exports = config;
