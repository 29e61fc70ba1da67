// The repository's workspaces and what each is, read from workspaces.json: the one list of them
// (issue 47). The scripts and ESLint take their lists from here; jest.config.js, webpack/ and the
// server (server/src/config/workspaces.ts) read workspaces.json themselves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The declaration's file, relative to the repository. */
export const DECLARATION = 'workspaces.json';

/**
 * @typedef {'contract'|'library'|'build-config'|'host'|'remote'|'server'|'end-to-end'} Role
 * @typedef {object} Workspace
 * @property {string} folder the workspace's folder (its package name too)
 * @property {Role} role
 * @property {string} [remote] a remote's name in shared-contracts (`RemoteName`)
 * @property {{ name: string, expose: string }} [federation] an app's federation name and the
 *   name it exposes its module under
 * @property {number} [devPort] the port of an app's `npm run dev`
 * @property {string} [staticPath] where the server serves an app's `dist/`
 */

/** @type {Workspace[]} every workspace, the contract first, the apps in the order they build */
export const WORKSPACES = JSON.parse(
  readFileSync(path.join(repoRoot, DECLARATION), 'utf8'),
).workspaces;

/** The folders of the workspaces with one of these roles, in the declaration's order. */
export const foldersOf = (...roles) =>
  WORKSPACES.filter((workspace) => roles.includes(workspace.role)).map(({ folder }) => folder);

/** The remotes' workspaces. */
export const REMOTES = WORKSPACES.filter((workspace) => workspace.role === 'remote');

/** The apps webpack builds, the host first: the order `npm run build` builds them in. */
export const APPS = foldersOf('host', 'remote');

/** The workspaces whose sources run in the browser, unit-tested by jest. */
export const BROWSER_WORKSPACES = foldersOf('contract', 'library', 'host', 'remote');
