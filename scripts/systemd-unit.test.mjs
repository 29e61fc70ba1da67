// node --test scripts/*.test.mjs (part of `npm test`): the systemd unit of ops/systemd/ is valid
// (systemd-analyze verify prints nothing) and hardened (systemd-analyze security rates its
// exposure "OK" or better), checked on a copy that points at this checkout. Without systemd's
// tools (apt-get install systemd) the checks skip and say so.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from './product-server.mjs';

const UNIT = path.join(repoRoot, 'ops/systemd/nimbus-share.service');
const INSTALLED_AT = '/opt/nimbus-share';
const hasSystemd = spawnSync('systemd-analyze', ['--version']).status === 0;
const NO_SYSTEMD =
  'systemd-analyze not installed (apt-get install systemd): the unit was not checked';

/** systemd-analyze on a copy of the unit whose paths are this checkout's and this Node's. */
function analyze(...args) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'nimbus-unit-'));
  try {
    const unit = path.join(folder, 'nimbus-share.service');
    writeFileSync(
      unit,
      readFileSync(UNIT, 'utf8')
        .replaceAll(INSTALLED_AT, repoRoot)
        .replaceAll('/usr/bin/node', process.execPath),
    );
    const run = spawnSync('systemd-analyze', [...args, unit], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the systemd unit', () => {
  const unit = readFileSync(UNIT, 'utf8');

  it('runs the compiled server in production, restarted on failure, as a user of its own', () => {
    assert.match(unit, /^ExecStart=\/usr\/bin\/node .*\/server\/dist\/server\.mjs$/m);
    assert.match(unit, /^Environment=NODE_ENV=production$/m);
    assert.match(unit, /^Restart=on-failure$/m);
    assert.match(unit, /^DynamicUser=yes$/m);
    assert.match(unit, /^ProtectSystem=strict$/m);
    assert.doesNotMatch(unit, /tsx/, 'production runs JavaScript');
  });

  it('is valid', { skip: !hasSystemd && NO_SYSTEMD }, () => {
    const { status, output } = analyze('verify');
    assert.equal(status, 0, output);
    assert.equal(output, '', 'no warning either');
  });

  it('is hardened', { skip: !hasSystemd && NO_SYSTEMD }, () => {
    const { output } = analyze('security', '--offline=yes');
    const exposure = /Overall exposure level for \S+: ([\d.]+) (\w+)/.exec(output);
    assert.ok(exposure, output);
    assert.ok(Number(exposure[1]) <= 2.5, `exposure ${exposure[1]} ${exposure[2]}`);
  });
});
