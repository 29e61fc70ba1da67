// The contract guarded: API Extractor writes a report of what `shared-contracts` exports
// (`shared-contracts/api/shared-contracts.api.md`, committed), and the check fails when that
// report is out of date or when a declaration of the current major's baseline
// (`shared-contracts/api/baseline-v<major>.api.md`) changed without a major CONTRACT_VERSION.
//   node scripts/contract-report.mjs           (npm run contract:report) rewrites the report, and
//                                              writes the baseline of a new major
//   node scripts/contract-report.mjs --check   (npm test) changes nothing, fails as above
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACTS = path.join(repoRoot, 'shared-contracts');
const REPORT = 'shared-contracts.api.md';
const UPDATE = 'npm run contract:report';
/** The first line of a declaration in a report: `export interface HostServices {` names it. */
const DECLARATION =
  /^(?:export\s+)?(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:const\s+enum|enum|const|let|var|function|class|interface|type|namespace)\s+([\w$]+)/;

/** The report file of the surface, and the baseline of a major, in a contracts folder. */
export const reportPath = (contracts) => path.join(contracts, 'api', REPORT);
export const baselinePath = (contracts, major) =>
  path.join(contracts, 'api', `baseline-v${major}.api.md`);

/**
 * The report of a contracts folder's public surface (its `src/index.ts`), as API Extractor writes
 * it.
 */
export function extractReport(contracts = CONTRACTS) {
  // Outside node_modules, or TypeScript takes the declarations for a library's and API Extractor
  // leaves them out; with a link to it, so that their imports (react, TypeBox) resolve.
  const temp = mkdtempSync(path.join(os.tmpdir(), 'contract-report-'));
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(temp, 'node_modules'), 'dir');
  try {
    const declarations = path.join(temp, 'declarations');
    // API Extractor reads declarations, not sources: emit them first.
    execFileSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        path.join(contracts, 'tsconfig.api.json'),
        '--outDir',
        declarations,
      ],
      { stdio: 'inherit' },
    );
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: contracts,
        mainEntryPointFilePath: path.join(declarations, 'index.d.ts'),
        // TypeBox and react stay references (`import { TObject } from '@sinclair/typebox'`).
        bundledPackages: [],
        compiler: {
          // The declarations keep the sources' extensionless imports: resolve them as the
          // bundlers do.
          overrideTsconfig: {
            compilerOptions: {
              module: 'esnext',
              moduleResolution: 'bundler',
              target: 'es2022',
              strict: true,
              // As the repository's own tsconfig: the packages' declarations are theirs to check.
              skipLibCheck: true,
              types: [],
            },
            files: [path.join(declarations, 'index.d.ts')],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: REPORT,
          reportFolder: path.join(temp, 'report'),
          reportTempFolder: path.join(temp, 'report-temp'),
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        newlineKind: 'lf',
        messages: {
          compilerMessageReporting: { default: { logLevel: 'error' } },
          extractorMessageReporting: {
            default: { logLevel: 'warning' },
            // The contract marks nothing @public or @beta, and documents what needs it: every
            // export is public, and a missing comment is no fault.
            'ae-missing-release-tag': { logLevel: 'none' },
            'ae-undocumented': { logLevel: 'none' },
            // A type the surface uses but does not export is part of the surface: say so in the
            // report, where a reviewer sees it.
            'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
          },
          // The comments are prose for people, not TSDoc.
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: path.join(contracts, 'package.json'),
    });
    mkdirSync(path.join(temp, 'report'));
    const result = Extractor.invoke(config, {
      localBuild: true,
      // Its own notes (the report written, the TypeScript it bundles) would bury the check's
      // message; the analysis' warnings and errors still show.
      messageCallback: (message) => {
        if (message.category === 'console' && message.logLevel !== 'error') message.handled = true;
      },
    });
    if (!result.succeeded) {
      throw new Error(`API Extractor failed on ${contracts}: ${result.errorCount} error(s), above`);
    }
    return readFileSync(path.join(temp, 'report-temp', REPORT), 'utf8');
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** The major CONTRACT_VERSION of a report (`export const CONTRACT_VERSION = "1.6.0";`). */
export function majorIn(report) {
  const match = /^export const CONTRACT_VERSION = "(\d+)\./m.exec(report);
  if (!match) throw new Error('The report names no CONTRACT_VERSION: is it still exported?');
  return Number(match[1]);
}

/**
 * A report's declarations by name, each as its lines. API Extractor writes one block per
 * declaration, blank lines between them; comment lines (`// @public`, `// (undocumented)`) are
 * left out, so documenting a declaration changes nothing. Overloads of one name add up.
 */
export function declarationsOf(report) {
  const code = report.slice(report.indexOf('```ts') + '```ts'.length, report.lastIndexOf('```'));
  const declarations = new Map();
  for (const block of code.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('//'));
    if (lines.length === 0 || lines[0].startsWith('import ')) continue;
    const name = DECLARATION.exec(lines[0])?.[1] ?? lines[0];
    declarations.set(name, [...(declarations.get(name) ?? []), ...lines]);
  }
  return declarations;
}

/** Whether `lines` holds every line of `kept`, in the same order. */
function keepsInOrder(lines, kept) {
  let found = 0;
  for (const line of lines) if (found < kept.length && line === kept[found]) found += 1;
  return found === kept.length;
}

/**
 * The declarations of `baseline` that `current` breaks. The rule: a declaration may only GAIN
 * lines (a new member of an interface such as HostServices, which the host implements and remotes
 * consume; a new field; a new export), keeping every line it had, in order (API Extractor sorts
 * members, so moving one in the source changes nothing). Any other change is breaking: a
 * declaration removed, a member removed or its type changed (a method's signature), a union
 * widened on its line. CONTRACT_VERSION changes with every release and is no break.
 */
export function breakingChanges(baseline, current) {
  const now = declarationsOf(current);
  return [...declarationsOf(baseline)]
    .filter(([name]) => name !== 'CONTRACT_VERSION')
    .filter(([name, lines]) => !keepsInOrder(now.get(name) ?? [], lines))
    .map(([name]) => name);
}

const readIfThere = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
/** `shared-contracts/api/…`, for the real folder and a copy alike. */
const shown = (contracts, file) =>
  path.join(path.basename(contracts), path.relative(contracts, file));

/** What is wrong with `report` against its major's baseline, if anything. */
function breakProblems(contracts, report) {
  const major = majorIn(report);
  const baseline = baselinePath(contracts, major);
  const text = readIfThere(baseline);
  if (text === undefined) return [`There is no baseline for major ${major}: ${UPDATE} writes it.`];
  const broken = breakingChanges(text, report);
  if (broken.length === 0) return [];
  return [
    `A breaking change to the contract within major ${major}: ${broken.join(', ')} changed or ` +
      `went away since ${shown(contracts, baseline)} (a declaration may only gain lines). ` +
      `Remotes built for ${major}.x would break: bump the major of CONTRACT_VERSION ` +
      `(shared-contracts/src/version.ts) and run \`${UPDATE}\`, which writes the new baseline; ` +
      'or keep the old declaration and add a new one.',
  ];
}

/**
 * Writes a contracts folder's report, and the baseline of its major when there is none yet (a
 * major was cut). Returns the breaks of that baseline, which a new major would allow.
 */
export function writeReport(contracts = CONTRACTS, report = extractReport(contracts)) {
  mkdirSync(path.dirname(reportPath(contracts)), { recursive: true });
  writeFileSync(reportPath(contracts), report);
  const baseline = baselinePath(contracts, majorIn(report));
  if (!existsSync(baseline)) {
    writeFileSync(baseline, report);
    console.log(`wrote ${shown(contracts, baseline)}: the surface its major keeps`);
  }
  return breakProblems(contracts, report);
}

/** The check: the committed report is the surface, and it breaks nothing of its major. */
export function checkReport(contracts = CONTRACTS, report = extractReport(contracts)) {
  const stale =
    readIfThere(reportPath(contracts)) === report
      ? []
      : [
          `${shown(contracts, reportPath(contracts))} is not the contract's public surface ` +
            `any more: run \`${UPDATE}\` and commit the report with the change.`,
        ];
  return [...stale, ...breakProblems(contracts, report)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const problems = check ? checkReport() : writeReport();
  for (const problem of problems) console.error(problem);
  if (problems.length === 0) {
    console.log(
      check
        ? 'the contract report is up to date'
        : `wrote ${shown(CONTRACTS, reportPath(CONTRACTS))}`,
    );
  }
  process.exit(problems.length === 0 ? 0 : 1);
}
