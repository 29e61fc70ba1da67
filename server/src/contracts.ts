/**
 * The runtime values of shared-contracts, for Node.
 *
 * shared-contracts is TypeScript source in a package without "type": "module", so tsx loads it as
 * CommonJS, and Node cannot see the names its `export *` re-exports when an ES module imports
 * them ("does not provide an export named ..."). Requiring it yields the real exports object.
 * Types keep coming straight from 'shared-contracts' (`import type`), which is erased at run time.
 */
import { createRequire } from 'node:module';
import type * as Contracts from 'shared-contracts';

const contracts = createRequire(import.meta.url)('shared-contracts') as typeof Contracts;

export const ResponseCode = contracts.ResponseCode;
export type ResponseCode = Contracts.ResponseCode;
export const ShareStatus = contracts.ShareStatus;
export type ShareStatus = Contracts.ShareStatus;
export const ShareType = contracts.ShareType;
export type ShareType = Contracts.ShareType;
export const IdentityType = contracts.IdentityType;
export type IdentityType = Contracts.IdentityType;
export const MediaType = contracts.MediaType;
export const FolderType = contracts.FolderType;

export const COMMUNITY = contracts.COMMUNITY;
export const INVITE_ACTIVITY_ID = contracts.INVITE_ACTIVITY_ID;
export const REMOTE_FEDERATION_NAMES = contracts.REMOTE_FEDERATION_NAMES;
export const RUNTIME_CONFIG_ELEMENT_ID = contracts.RUNTIME_CONFIG_ELEMENT_ID;
export const PREVIEW_LIMIT_SECONDS = contracts.PREVIEW_LIMIT_SECONDS;
export const REPORT_MAX = contracts.REPORT_MAX;
export const FOLDER_NAME_MAX = contracts.FOLDER_NAME_MAX;
export const ROOT_FOLDER_ID = contracts.ROOT_FOLDER_ID;
export const DEFAULT_SAVE_FOLDER_ID = contracts.DEFAULT_SAVE_FOLDER_ID;
export const API_HEADERS = contracts.API_HEADERS;
export const EVENT_NAMES = contracts.EVENT_NAMES;
export const validateFolderName = contracts.validateFolderName;
export const routePath = contracts.routePath;
export const FOLDER_NAME_EMPTY_MESSAGE = contracts.FOLDER_NAME_EMPTY_MESSAGE;
export const FOLDER_NAME_CHARS_MESSAGE = contracts.FOLDER_NAME_CHARS_MESSAGE;
export const FOLDER_NAME_TOO_LONG_MESSAGE = contracts.FOLDER_NAME_TOO_LONG_MESSAGE;
