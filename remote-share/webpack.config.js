const { createConfig } = require('webpack-config');

module.exports = createConfig({
  dirname: __dirname,
  workspace: 'remote-share',
  externalRuntime: true,
  exposedModule: './src/app/share-viewer.tsx',
  title: 'Nimbus share viewer (standalone)',
  devProxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
});
