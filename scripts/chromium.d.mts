// Types of chromium.mjs for the TypeScript Playwright config.
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function hasChromium(): boolean;
