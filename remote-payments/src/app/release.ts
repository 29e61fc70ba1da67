/**
 * The release of this remote, named in the sheet footer's `data-release` (not shown to users) and
 * on the standalone page. The payments team bumps it on every deploy; a rebuilt remote names its
 * new release in a running shell without a shell rebuild.
 */
export const RELEASE = '1.0.0';
