// Releases a remote as a canary, and ends its canary: the operators' commands
// (docs/operations/releases.md, "A canary the server watches"). The server judges a running canary
// by itself: it steps a healthy one up (1, 10, 50, 100 %) and promotes it, and rolls back a worse
// one; `promote` and `rollback` end one by hand. Every remote's release is the RELEASE of its
// src/app/release.ts.
//
//   npm run release -w remote-payments                       build, check, start a 1 % canary
//   npm run release -w remote-share -- --percent 50         (remote-invite too)
//   npm run release -w remote-payments -- promote | rollback | status
//   ... -- --dist <built folder> --manifest-url <its URL>    a release built and hosted elsewhere
//
// SITE_URL (default http://localhost:8080) is the site; OPS_TOKEN its operators' token.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { repoRoot } from './product-server.mjs';
import { REMOTES } from './workspaces.mjs';

/** Each remote's workspace folder, by the remote's name (`payments`). */
const REMOTE_FOLDERS = new Map(REMOTES.map(({ remote, folder }) => [remote, folder]));
const RELEASE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/;

/** A one-line constant of a source file, e.g. `export const RELEASE = '1.0.0';`. */
export function constantOf(file, name) {
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

/** The file every remote's release is read from, by the remote's name (`payments`). */
export const releaseFileOf = (remote) =>
  path.join(repoRoot, REMOTE_FOLDERS.get(remote), 'src', 'app', 'release.ts');

/** The release a remote's sources name (`export const RELEASE = '1.0.0';`). */
export const releaseOf = (remote) => constantOf(releaseFileOf(remote), 'RELEASE');

const line = (row) =>
  `${row.release} at ${row.percent} % (canary ${row.id}, started ${row.startedAt})`;

/**
 * What `status` prints for one remote: its stable release, its running canary with the verdict,
 * and its ended canaries with their reason (the operations API keeps the last ones).
 */
export function formatStatus(answer, remote) {
  const lines = [`${remote}: stable ${answer.stable[remote]?.release ?? '(its build)'}`];
  for (const canary of answer.canaries.filter((row) => row.remote === remote)) {
    lines.push(`  running: ${line(canary)}`);
    lines.push(`    ${canary.verdict.kind}: ${canary.verdict.reason}`);
  }
  for (const ended of (answer.ended ?? []).filter((row) => row.remote === remote)) {
    lines.push(`  ${ended.state.replace('_', ' ')} ${ended.endedAt}: ${line(ended)}`);
    lines.push(`    ${ended.reason}`);
  }
  return lines.join('\n');
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
      percent: { type: 'string', default: '1' },
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
    console.log(formatStatus(await call(site, 'GET', '/ops/releases'), remote));
    return;
  }
  if (action === 'promote' || action === 'rollback') {
    const ended = await call(site, 'POST', `/ops/releases/${remote}/${action}`);
    console.log(`${remote} ${ended.release}: ${ended.state} (${ended.reason})`);
    return;
  }
  if (action !== 'canary')
    throw new Error(`unknown action ${action}: canary, promote, rollback, status`);

  const release = values.release ?? (existsSync(releaseFileOf(remote)) ? releaseOf(remote) : null);
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
    `Canary ${started.id}: ${remote} ${release} for ${percent} % of visitors (${target.manifestUrl}); the server steps it up by itself.`,
  );
  console.log(`Watch it: npm run release -w ${REMOTE_FOLDERS.get(remote)} -- status`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
