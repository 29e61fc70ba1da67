import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Builds the fixture remotes the tests serve in place of real ones. */
export default function globalSetup(): void {
  const fixture = path.join(__dirname, '..', 'fixtures', 'incompatible-remote');
  execFileSync('npx', ['webpack', '--mode', 'production', '--stats', 'errors-only'], {
    cwd: fixture,
    stdio: 'inherit',
  });
}
