/*
 * `shared-contracts/page`: what only the shell and the server exchange about the page they make
 * together (its runtime configuration's plumbing, the JSON and scripts the server writes into it,
 * the field beacon, the API's headers, the share link's `?pwd`, pasted links). The two are
 * released together, so none of it is on the contract's report; no remote imports it (ESLint).
 */
export * from './api-headers';
export * from './field-data';
export * from './first-screen-dates';
export * from './first-screen-start';
export * from './first-screen-taps';
export * from './identity-popup';
export * from './leave-before-start';
export * from './link-extract-code';
export * from './page-kind';
export * from './pages';
export * from './pasted-share-link';
export * from './runtime-config';
