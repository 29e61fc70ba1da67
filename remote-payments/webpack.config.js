const { createConfig } = require('webpack-config');

module.exports = createConfig({
  dirname: __dirname,
  workspace: 'remote-payments',
  exposedModule: './src/app/upgrade-sheet.tsx',
  title: 'Nimbus upgrade sheet (standalone)',
  devProxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
});
