// Typechecks every workspace that has a tsconfig.json (workspaces.json), each with its own
// (strict, no emit), and the one-bundle baseline of `npm run bench`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { prepareMessages } from './messages.mjs';
import { WORKSPACES } from './workspaces.mjs';

// The apps import their texts' catalogs compiled.
prepareMessages();

const projects = [
  ...WORKSPACES.map(({ folder }) => folder).filter((folder) =>
    existsSync(`${folder}/tsconfig.json`),
  ),
  'bench/one-bundle',
];
let failed = false;
for (const project of projects) {
  try {
    execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
    console.error(`typecheck failed in ${project}`);
  }
}
process.exit(failed ? 1 : 0);
