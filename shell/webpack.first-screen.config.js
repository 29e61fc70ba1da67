// The server-side renderer of this app's part of a share page's first screen (docs/performance.md,
// "The server's page assembly").
const { createFirstScreenConfig } = require('webpack-config');

module.exports = createFirstScreenConfig({
  dirname: __dirname,
  entry: './src/first-screen/render-page-frame.tsx',
});
