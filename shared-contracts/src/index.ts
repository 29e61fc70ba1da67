/*
 * What a remote relies on: host services, events, entities, the API's route map and codes, the
 * remotes' props and modules, the first-screen renderers they build, the shared rules, the
 * version. What only the shell and the server exchange about the page is `shared-contracts/page`
 * (./page), which no remote imports.
 */
export * from './api';
export * from './codes';
export * from './config';
export * from './constants';
export * from './entities';
export * from './events';
export * from './extract-code';
export * from './first-screen-renderers';
export * from './format-size';
export * from './host-services';
export * from './i18n';
export * from './languages';
export * from './messages';
export * from './messages-files';
export * from './list-time';
export * from './platform';
export * from './remotes';
export * from './share-code';
export * from './share-list-order';
export * from './share-view';
export * from './validation';
export * from './version';
