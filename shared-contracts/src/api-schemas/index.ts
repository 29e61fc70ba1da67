/**
 * The API's shapes in TypeBox, for the server (`shared-contracts/schemas`): the browser bundles
 * take their static types only, through the package's main entry, and never this runtime.
 */
export * from './answers';
export * from './entities';
export * from './requests';
export * from './routes';
export * from './field-beacon';
