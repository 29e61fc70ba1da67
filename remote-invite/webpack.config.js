const { createConfig } = require('webpack-config');

module.exports = createConfig({
  dirname: __dirname,
  name: 'remote_invite',
  role: 'remote',
  externalRuntime: true,
  exposes: { './InvitePage': './src/app/invite-page.tsx' },
  devPort: 3002,
  title: 'Nimbus invite page (standalone)',
  devProxy: { '/api': 'http://localhost:8080', '/media': 'http://localhost:8080' },
});
