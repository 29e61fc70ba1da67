// Debian's Chromium, as this machine and CI run it (docs/development.md, "Set-up").
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function hasChromium() {
  return existsSync(CHROMIUM_PATH);
}
