/**
 * The release of this remote: what the field data and the canary's verdict name it by, and what
 * `npm run release -w remote-share` releases it as. The team bumps it on every deploy (a canary
 * built from the same commit as stable is another release all the same).
 */
export const RELEASE = '1.0.0';
