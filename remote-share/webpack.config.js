const { createConfig } = require('webpack-config');

module.exports = createConfig({
  dirname: __dirname,
  name: 'remote_share',
  role: 'remote',
  externalRuntime: true,
  exposes: { './ShareViewer': './src/app/share-viewer.tsx' },
  devPort: 3001,
  title: 'Nimbus share viewer (standalone)',
  devProxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
});
