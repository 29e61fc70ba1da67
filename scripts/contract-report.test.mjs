// node --test scripts/*.test.mjs (part of `npm test`): a breaking change to the contract needs a
// new major CONTRACT_VERSION, an addition does not.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  CONTRACTS,
  baselinePath,
  breakingChanges,
  checkReport,
  declarationsOf,
  extractReport,
  majorIn,
  writeReport,
} from './contract-report.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A report as API Extractor writes one, around the given declarations. */
const report = (...declarations) =>
  [
    '## API Report File for "shared-contracts"',
    '',
    '```ts',
    '',
    "import type { ReactNode } from 'react';",
    '',
    ...declarations.flatMap((declaration) => ['// @public (undocumented)', declaration, '']),
    '// (No @packageDocumentation comment for this package)',
    '',
    '```',
    '',
  ].join('\n');

const VERSION = 'export const CONTRACT_VERSION = "1.6.0";';
const HOST = [
  'export interface HostServices {',
  '    // (undocumented)',
  '    events: {',
  '        report(name: EventName, content?: EventContent): void;',
  '    };',
  '    toast: ToastService;',
  '}',
].join('\n');

describe('a breaking change to the contract', () => {
  it('reads the declarations by block, without their comments', () => {
    const declarations = declarationsOf(report(VERSION, HOST, 'export type Platform = "pc";'));
    assert.deepEqual([...declarations.keys()], ['CONTRACT_VERSION', 'HostServices', 'Platform']);
    assert.deepEqual(declarations.get('HostServices'), [
      'export interface HostServices {',
      '    events: {',
      '        report(name: EventName, content?: EventContent): void;',
      '    };',
      '    toast: ToastService;',
      '}',
    ]);
    assert.equal(majorIn(report(VERSION, HOST)), 1);
  });

  it('is a changed method signature, a removed member or a removed declaration', () => {
    const baseline = report(VERSION, HOST, 'export type Platform = "pc";');
    const changed = HOST.replace('content?: EventContent', 'content: EventContent');
    assert.deepEqual(breakingChanges(baseline, report(VERSION, changed)), [
      'HostServices',
      'Platform',
    ]);
    const removed = HOST.replace('    toast: ToastService;\n', '');
    assert.deepEqual(
      breakingChanges(baseline, report(VERSION, removed, 'export type Platform = "pc";')),
      ['HostServices'],
    );
  });

  it('is not an added member or declaration, a comment, or the version itself', () => {
    const baseline = report(VERSION, HOST);
    const added = HOST.replace(
      '    toast: ToastService;',
      '    share: ShareService;\n    toast: ToastService;\n    // (undocumented)',
    );
    const current = report(
      'export const CONTRACT_VERSION = "1.7.0";',
      added,
      'export interface ShareService {\n    open(): void;\n}',
    );
    assert.deepEqual(breakingChanges(baseline, current), []);
  });

  it("fails the check for a HostServices method's new signature until the major is bumped", () =>
    inCopyOfContracts(({ contracts, edit }) => {
      const before = extractReport(contracts);
      const major = majorIn(before);
      assert.deepEqual(writeReport(contracts, before), []);

      edit('host-services.ts', 'content?: EventContent', 'content: EventContent');
      assert.deepEqual(checkReport(contracts, extractReport(contracts)), [
        "shared-contracts/api/shared-contracts.api.md is not the contract's public surface any " +
          'more: run `npm run contract:report` and commit the report with the change.',
        `A breaking change to the contract within major ${major}: HostServices changed or went ` +
          `away since shared-contracts/api/baseline-v${major}.api.md (a declaration may only ` +
          `gain lines). Remotes built for ${major}.x would break: bump the major of ` +
          'CONTRACT_VERSION (shared-contracts/src/version.ts) and run `npm run contract:report`, ' +
          'which writes the new baseline; or keep the old declaration and add a new one.',
      ]);

      edit('version.ts', /CONTRACT_VERSION = '[\d.]+'/, `CONTRACT_VERSION = '${major + 1}.0.0'`);
      const bumped = extractReport(contracts);
      assert.deepEqual(writeReport(contracts, bumped), []);
      assert.deepEqual(checkReport(contracts, bumped), []);
      assert.equal(readFileSync(baselinePath(contracts, major + 1), 'utf8'), bumped);
    }));

  it("fails the check for a renamed route or a field gone from a route's request", () =>
    inCopyOfContracts(({ contracts, edit }) => {
      assert.deepEqual(writeReport(contracts, extractReport(contracts)), []);
      /** The declarations a change broke, as the check names them. */
      const broken = () =>
        checkReport(contracts, extractReport(contracts))
          .map((problem) => / within major \d+: (.+) changed or went away /.exec(problem)?.[1])
          .filter((names) => names !== undefined);

      // The route map's paths are on the report: a path renamed is a route gone.
      const restorePath = edit('api-schemas/routes.ts', "'/share/info':", "'/share/lookup':");
      assert.deepEqual(broken(), ['API_ROUTES']);
      restorePath();

      // So are its requests' fields, even of a request the entry does not name (/share/info's).
      edit('api-schemas/requests.ts', 'body({ share_url: Url })', 'body({})');
      assert.deepEqual(broken(), ['API_ROUTES']);
    }));

  it('is not a route added to the map', () =>
    inCopyOfContracts(({ contracts, edit }) => {
      assert.deepEqual(writeReport(contracts, extractReport(contracts)), []);
      edit(
        'api-schemas/routes.ts',
        "  '/login': {",
        "  '/share/views': { request: ShareInfoRequest, response: Created },\n  '/login': {",
      );
      const added = extractReport(contracts);
      assert.match(added, /'\/share\/views': \{/);
      assert.deepEqual(
        breakingChanges(readFileSync(baselinePath(contracts, majorIn(added)), 'utf8'), added),
        [],
      );
    }));
});

/**
 * Runs `check` on a copy of the contracts beside the tsconfig it extends and a link to the
 * packages, so that its declarations are emitted and resolved as the real ones are. The copy's own
 * surface is its baseline, whatever the committed reports say meanwhile. `edit` replaces a text of
 * one of its sources and returns what puts it back.
 */
function inCopyOfContracts(check) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'contract-check-'));
  try {
    const contracts = path.join(root, 'shared-contracts');
    cpSync(CONTRACTS, contracts, { recursive: true });
    cpSync(path.join(repoRoot, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    rmSync(path.join(contracts, 'api'), { recursive: true });
    const edit = (file, from, to) => {
      const source = path.join(contracts, 'src', file);
      const text = readFileSync(source, 'utf8');
      assert.notEqual(text.replace(from, to), text, `${file} has ${from}`);
      writeFileSync(source, text.replace(from, to));
      return () => writeFileSync(source, text);
    };
    check({ contracts, edit });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
