import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds the fixture remotes the tests serve in place of real ones. */
export default function globalSetup(): void {
  const fixture = path.join(__dirname, '..', 'fixtures', 'incompatible-remote');
  // npx runs in the nearest package's folder (e2e/), so the config is named explicitly.
  const config = path.join(fixture, 'webpack.config.js');
  execFileSync(
    'npx',
    ['webpack', '--mode', 'production', '--stats', 'errors-only', '--config', config],
    { cwd: fixture, stdio: 'inherit' },
  );
}
