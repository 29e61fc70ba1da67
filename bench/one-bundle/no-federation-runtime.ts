/**
 * Stands in for `@module-federation/enhanced/runtime` in the one-bundle build. Only ui-kit's
 * `mountStandalone` (the remotes' standalone dev page, never part of the product's page) still
 * imports it there, through ui-kit's index: without this stub the baseline would carry the
 * federation runtime it exists to leave out.
 */
function notInTheBaseline(): never {
  throw new Error('The one-bundle baseline has no Module Federation runtime.');
}

export const registerRemotes = notInTheBaseline;
export const loadRemote = notInTheBaseline;
