// Releases a remote as a canary, and ends its canary: the operators' commands
// (docs/operations/releases.md, "A canary the server watches"). The server judges a running canary
// by itself and rolls back a clearly worse one; `promote` makes a healthy one every visitor's
// release.
//
//   npm run release -w remote-payments                       build, check, start a 10 % canary
//   npm run release -w remote-payments -- --percent 50
//   npm run release -w remote-payments -- promote | rollback | status
//   ... -- --dist <built folder> --manifest-url <its URL>    a release built and hosted elsewhere
//
// SITE_URL (default http://localhost:8080) is the site; OPS_TOKEN its operators' token.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './product-server.mjs';
import { REMOTES } from './workspaces.mjs';

/** Each remote's workspace folder, by the remote's name (`payments`). */
const REMOTE_FOLDERS = new Map(REMOTES.map(({ remote, folder }) => [remote, folder]));
const RELEASE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/;

/** A one-line constant of a source file, e.g. `export const RELEASE = '1.0.0';`. */
function constantOf(file, name) {
  const match = new RegExp(`export const ${name} = '([^']+)'`).exec(readFileSync(file, 'utf8'));
  if (!match) throw new Error(`${path.relative(repoRoot, file)} declares no ${name}`);
  return match[1];
}

function run(command, args, cwd = repoRoot) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

async function call(site, method, pathname, body) {
  const token = process.env.OPS_TOKEN;
  const response = await fetch(new URL(pathname, site), {
    method,
    headers: {
      ...(body ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new Error(`${method} ${pathname}: ${response.status} ${answer.error ?? ''}`.trim());
  }
  return answer;
}

/** Builds the remote into releases/{remote}/{release}/ (served by the site at /releases/). */
function build(remote, release) {
  const folder = path.join(repoRoot, REMOTE_FOLDERS.get(remote));
  const out = path.join(repoRoot, 'releases', remote, release);
  console.log(`Building ${remote} ${release} into ${path.relative(repoRoot, out)} ...`);
  run(
    'npx',
    ['webpack', '--mode', 'production', '--stats', 'errors-only', '--output-path', out],
    folder,
  );
  return { dist: out, manifestUrl: `/releases/${remote}/${release}/mf-manifest.json` };
}

export async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      percent: { type: 'string', default: '10' },
      site: { type: 'string', default: process.env.SITE_URL ?? 'http://localhost:8080' },
      dist: { type: 'string' },
      'manifest-url': { type: 'string' },
      release: { type: 'string' },
    },
  });
  const [remote, action = 'canary'] = positionals;
  if (!REMOTE_FOLDERS.has(remote)) {
    throw new Error(`name a remote: ${[...REMOTE_FOLDERS.keys()].join(', ')}`);
  }
  const site = values.site;
  if (action === 'status') {
    console.log(JSON.stringify(await call(site, 'GET', '/ops/releases'), null, 2));
    return;
  }
  if (action === 'promote' || action === 'rollback') {
    const ended = await call(site, 'POST', `/ops/releases/${remote}/${action}`);
    console.log(`${remote} ${ended.release}: ${ended.state} (${ended.reason})`);
    return;
  }
  if (action !== 'canary')
    throw new Error(`unknown action ${action}: canary, promote, rollback, status`);

  const releaseFile = path.join(repoRoot, REMOTE_FOLDERS.get(remote), 'src', 'app', 'release.ts');
  const release =
    values.release ?? (existsSync(releaseFile) ? constantOf(releaseFile, 'RELEASE') : null);
  if (!release || !RELEASE_PATTERN.test(release)) {
    throw new Error('give the release (--release 1.2.0), letters, digits and . + _ - only');
  }
  const percent = Number(values.percent);
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new Error('--percent is a whole number from 1 to 100');
  }
  // The contract the release is built against must not break the current major's baseline.
  console.log('Checking the contract ...');
  run('node', ['scripts/contract-report.mjs', '--check']);
  const contractVersion = constantOf(
    path.join(repoRoot, 'shared-contracts', 'src', 'version.ts'),
    'CONTRACT_VERSION',
  );
  const target =
    values.dist && values['manifest-url']
      ? { dist: path.resolve(values.dist), manifestUrl: values['manifest-url'] }
      : build(remote, release);
  // The server reads it beside the manifest and refuses a release of a contract its shell does not
  // run (another major, a newer minor).
  writeFileSync(
    path.join(target.dist, 'release.json'),
    `${JSON.stringify({ remote, release, contractVersion })}\n`,
  );
  const started = await call(site, 'POST', `/ops/releases/${remote}/canary`, {
    release,
    manifestUrl: target.manifestUrl,
    percent,
  });
  console.log(
    `Canary ${started.id}: ${remote} ${release} for ${percent} % of visitors (${target.manifestUrl}).`,
  );
  console.log(`Watch it: npm run release -w ${REMOTE_FOLDERS.get(remote)} -- status`);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
