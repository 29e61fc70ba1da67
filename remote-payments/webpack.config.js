const { createConfig } = require('webpack-config');

module.exports = createConfig({
  dirname: __dirname,
  name: 'remote_payments',
  role: 'remote',
  exposes: { './UpgradeSheet': './src/app/upgrade-sheet.tsx' },
  devPort: 3003,
  title: 'Nimbus upgrade sheet (standalone)',
  devProxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
});
