// `npm test`: every check of the project, in order, ending with one line that sums every
// test runner: `tests: N passed, N failed`.
//   typecheck -> lint (ESLint + Prettier) -> the contract's API report (up to date, no break
//   within a major) -> unit and component tests (jest) -> script tests
//   -> server tests (node:test, on PGlite and, when installed, PostgreSQL) -> build
//   -> end-to-end (Playwright) -> multi-instance end-to-end (when Debian's packages are there)
// Each step prints how long it took, and the run ends with every step's time.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, hasChromium } from './chromium.mjs';
import { missingScalePackages } from './local-services.mjs';
import { repoRoot } from './product-server.mjs';

const artifacts = path.join(repoRoot, 'e2e', '.artifacts');
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
/** Each step's name and seconds, for the summary. */
const times = [];

/** Runs a command with its output shown live; resolves with its exit code and output. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, FORCE_COLOR: '0' },
      ...options,
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function step(name, command, args, countTests) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { code, output } = await run(command, args);
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  times.push([name, seconds]);
  console.log(`--- ${name}: ${seconds} s`);
  if (countTests) {
    const counts = countTests(output);
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    if (code !== 0 && counts.failed === 0) totals.failed += 1;
  }
  if (code !== 0) failedSteps.push(name);
}

function ensureChromium() {
  if (hasChromium()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `No Chromium at ${CHROMIUM_PATH}. Install Debian's package (sudo apt-get install -y chromium) or set CHROME_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian (apt-get install -y chromium) ...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0 || !hasChromium()) {
    console.error('Could not install Chromium with apt-get; install it and run npm test again.');
    process.exit(1);
  }
}

/** The scripts' own tests (node:test), e.g. that the build notices every source. */
function scriptTests() {
  return readdirSync(path.join(repoRoot, 'scripts'))
    .filter((name) => name.endsWith('.test.mjs'))
    .map((name) => path.join('scripts', name));
}

function jestCounts() {
  const file = path.join(artifacts, 'jest.json');
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

/** Sums node:test's closing counts; the server suite runs once per database (PGlite, PostgreSQL). */
function nodeTestCounts(output) {
  const sum = (label) =>
    [...output.matchAll(new RegExp(`^\\S*\\s*${label} (\\d+)$`, 'gm'))].reduce(
      (total, match) => total + Number(match[1]),
      0,
    );
  return { passed: sum('pass'), failed: sum('fail') };
}

function playwrightCounts(report = 'results.json') {
  const file = path.join(artifacts, report);
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

ensureChromium();
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });

await step('typecheck', 'node', ['scripts/typecheck.mjs']);
await step('lint', 'npx', ['eslint', '.']);
await step('format', 'npx', ['prettier', '--check', '.']);
await step('contract report', 'node', ['scripts/contract-report.mjs', '--check']);
await step(
  'unit and component tests',
  'npx',
  ['jest', '--ci', '--json', `--outputFile=${path.join(artifacts, 'jest.json')}`],
  jestCounts,
);
await step('script tests', 'node', ['--test', ...scriptTests()], nodeTestCounts);
await step('server tests', 'npm', ['test', '-w', 'server'], nodeTestCounts);
await step('build', 'node', ['scripts/build.mjs', '--if-needed']);
if (!failedSteps.includes('build')) {
  await step(
    'end-to-end tests',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    () => playwrightCounts(),
  );
  const missing = missingScalePackages();
  if (missing.length > 0) {
    console.log(
      `\n=== multi-instance end-to-end tests ===\nSKIPPED: Debian's ${missing.join(', ')} not installed (apt-get install ${missing.join(' ')}); the run behind a load balancer did not happen.`,
    );
  } else {
    await step(
      'multi-instance end-to-end tests',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.scale.config.ts'],
      () => playwrightCounts('scale-results.json'),
    );
  }
}

console.log('\nstep times:');
for (const [name, seconds] of times)
  console.log(`  ${name.padEnd(34)} ${String(seconds).padStart(6)} s`);
console.log(
  failedSteps.length ? `\nfailed steps: ${failedSteps.join(', ')}` : '\nevery step passed',
);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
