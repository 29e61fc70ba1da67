// node --test scripts/*.test.mjs (part of `npm test`): `npm run release -w <remote>` works for
// every remote (issue 50): each workspace has the script, naming its remote, and a release in its
// src/app/release.ts; `status` prints a remote's running and ended canaries with their reason.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { formatStatus, releaseOf } from './release.mjs';
import { repoRoot } from './product-server.mjs';
import { REMOTES } from './workspaces.mjs';

const RELEASE_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,31}$/;

describe('npm run release', () => {
  it('is every remote workspace’s script, for its own remote, with a release to name', () => {
    assert.ok(REMOTES.length >= 3);
    for (const { folder, remote } of REMOTES) {
      const manifest = JSON.parse(
        readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8'),
      );
      assert.equal(manifest.scripts?.release, `node ../scripts/release.mjs ${remote}`, folder);
      assert.match(releaseOf(remote), RELEASE_PATTERN, folder);
    }
  });

  it("prints a remote's stable release, its running canary and its ended ones with the reason", () => {
    const row = (fields) => ({
      remote: 'share',
      manifestUrl: '/releases/share/1.1.0/mf-manifest.json',
      startedAt: '2026-11-30T00:00:00.000Z',
      ...fields,
    });
    const answer = {
      stable: { share: { release: '1.0.0' }, payments: { release: null } },
      canaries: [
        {
          ...row({ id: 7, release: '1.1.0', percent: 10, state: 'canary' }),
          verdict: { kind: 'waiting', reason: '3 canary and 900 stable visits of 200 each' },
        },
        {
          ...row({ id: 8, remote: 'payments', release: '2.0.0', percent: 1, state: 'canary' }),
          verdict: { kind: 'waiting', reason: '0 canary' },
        },
      ],
      ended: [
        row({
          id: 6,
          release: '1.0.1',
          percent: 1,
          state: 'rolled_back',
          endedAt: '2026-11-29T23:00:00.000Z',
          reason: 'automatic: early stop: errors in 8 of 8 canary visits, 0.5 % of 800 stable',
        }),
      ],
    };
    assert.equal(
      formatStatus(answer, 'share'),
      [
        'share: stable 1.0.0',
        '  running: 1.1.0 at 10 % (canary 7, started 2026-11-30T00:00:00.000Z)',
        '    waiting: 3 canary and 900 stable visits of 200 each',
        '  rolled back 2026-11-29T23:00:00.000Z: 1.0.1 at 1 % (canary 6, started 2026-11-30T00:00:00.000Z)',
        '    automatic: early stop: errors in 8 of 8 canary visits, 0.5 % of 800 stable',
      ].join('\n'),
    );
    assert.equal(formatStatus(answer, 'invite'), 'invite: stable (its build)');
  });
});
