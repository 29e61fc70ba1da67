// Typechecks every workspace with its own tsconfig (strict, no emit).
import { execFileSync } from 'node:child_process';

const workspaces = [
  'ui-kit',
  'shared-contracts',
  'shell',
  'remote-share',
  'remote-payments',
  'remote-invite',
  'server',
  'e2e',
  'bench/one-bundle',
];
let failed = false;
for (const workspace of workspaces) {
  try {
    execFileSync('npx', ['tsc', '-p', workspace], { stdio: 'inherit' });
  } catch {
    failed = true;
    console.error(`typecheck failed in ${workspace}`);
  }
}
process.exit(failed ? 1 : 0);
