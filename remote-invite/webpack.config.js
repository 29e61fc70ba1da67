const { createConfig } = require('webpack-config');

module.exports = createConfig({
  dirname: __dirname,
  workspace: 'remote-invite',
  externalRuntime: true,
  exposedModule: './src/app/invite-page.tsx',
  title: 'Nimbus invite page (standalone)',
  devProxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
});
