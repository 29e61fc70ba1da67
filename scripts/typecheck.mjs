// Typechecks every workspace that has a tsconfig.json (workspaces.json), each with its own
// (strict, no emit), and the one-bundle baseline of `npm run bench`.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
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

/** Checks one project; its errors are printed whole, so two checks never mix their lines. */
async function typecheck(project) {
  try {
    await promisify(execFile)('npx', ['tsc', '-p', project], { maxBuffer: 64 * 1024 * 1024 });
    return true;
  } catch (error) {
    process.stdout.write(error.stdout ?? '');
    process.stderr.write(error.stderr ?? '');
    console.error(`typecheck failed in ${project}`);
    return false;
  }
}

// tsc uses one core: as many checks at a time as the machine has cores.
const waiting = [...projects];
const results = await Promise.all(
  Array.from({ length: Math.min(os.availableParallelism(), waiting.length) }, async () => {
    let passed = true;
    for (let project = waiting.shift(); project; project = waiting.shift())
      passed = (await typecheck(project)) && passed;
    return passed;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
