const { createConfig } = require('webpack-config');

module.exports = createConfig({
  dirname: __dirname,
  workspace: 'shell',
  exposedModule: './src/app/standalone-host.tsx',
  runtimePlugins: [
    require.resolve('./src/lib/remotes/offline-remote-plugin.ts'),
    require.resolve('./src/start-up/hinted-remote-plugin.ts'),
  ],
  provideRuntime: true,
  title: 'Nimbus',
  devProxy: {
    '/api': 'http://localhost:8080',
    '/remotes': 'http://localhost:8080',
    '/config.json': 'http://localhost:8080',
    '/idp': 'http://localhost:8080',
    '/media': 'http://localhost:8080',
  },
});
